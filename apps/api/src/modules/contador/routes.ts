import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AREA_CONTADOR, Authority, ConsultaContribuintesContador, FAZENDARIO_CONTADOR, ConsultaManifestacoes, ConsultaNegacoes, ContadorArea, ContribuinteManifestacao, CrcClassificacao, GerarManifestacoes, Manifestacao, ManifestacoesContador, PaginaEmpresasNegacao, PaginaEmpresasSemManifestacao, PaginaManifestacoes,
  PaginaContribuintesContador, PaginaContribuintesManifestacao, PeriodoManifestacao, PeriodoPaginado, Recadastro, RecadastroSalvo, Inteiro,
} from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { empresasComNegacao, empresasSemManifestacao, paginaComNegacao, relatorioNegativadas, relatorioSemManifestacao } from './empresas.js';
import { confirmarContador, contadorArea, contadorAutorizado, contadorDaConta, contadorNaoEncontrado, contadorPorCrc, ehFazendario } from './identidade.js';
import {
  contribuintesDoContador, documentoManifestacao, gerarManifestacoes, manifestacaoPorId, manifestacoesDoContador, obterRecadastro, paginaClientesDoContador, paginaManifestacoes,
  salvarRecadastro,
} from './manifestacoes.js';
import { dadosContador, pessoaPorNumero } from '../pessoa/consulta.js';

const tags = ['contador'];
const A = Authority;

/**
 * §7 "Accountant and statements". Roles (docs/api-contract.md, "Accountant area"): the accountant's own area
 * (confirmation, re-registration, own companies and statements) needs ROLE_CAD_SINC_GESTOR (§6) or
 * a statements role and, above all, an account linked to that CRC; tax staff (ROLE_CON_MANIFESTACAO,
 * ROLE_CAD_SINC_GESTOR) read any accountant and the company lists.
 */
export function contadorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    const area = { access: AREA_CONTADOR } as const;
    const leitura = { access: [A.SINC_GESTOR, A.CON_MANIFESTACAO, A.MAN_MANIFESTACAO, A.NFC] } as const;
    const gerar = { access: [A.MAN_MANIFESTACAO, A.NFC] } as const;
    const fazendario = { access: FAZENDARIO_CONTADOR } as const;

    app.post('/contador/autenticado', {
      config: area,
      schema: {
        tags, summary: "Confirmação: the CRC + classification must be the signed-in account's own accountant (audited, failures rate-limited)",
        body: CrcClassificacao, response: { 200: ContadorArea },
      },
      handler: async (req) => confirmarContador(db(), req.principal!, req.body, ctx.config.login),
    });
    app.post('/contador/consultar', {
      config: leitura,
      schema: { tags, summary: 'The accountant of a CRC + classification (tax staff: any; an accountant: their own)', body: CrcClassificacao, response: { 200: ContadorArea } },
      handler: async (req) => contadorArea(db(), await contadorAutorizado(db(), req.principal!, req.body, true)),
    });
    app.post('/contador/consultarRecadastro', {
      config: area,
      schema: { tags, summary: "The accountant's re-registration (null when not done yet)", body: CrcClassificacao, response: { 200: z.object({ recadastro: RecadastroSalvo.nullable() }) } },
      handler: async (req) => {
        const k = await contadorAutorizado(db(), req.principal!, req.body, false);
        return { recadastro: await obterRecadastro(db(), k.numeroPessoa) };
      },
    });
    app.put('/contador/recadastro', {
      config: area,
      schema: { tags, summary: 'Saves the re-registration (e-mail, phone, address); audited', body: Recadastro, response: { 200: RecadastroSalvo } },
      handler: async (req) =>
        db().transaction(async (tx) => salvarRecadastro(tx, req.principal!.login, await contadorAutorizado(tx, req.principal!, req.body, false), req.body)),
    });

    // With a page asked for: that page (filtered) and the totals; without: every company (issue 40 §1: none dropped).
    const clientes = async (numeroPessoa: number, c?: PaginaContribuintesContador | null) =>
      c?.page !== undefined ? paginaClientesDoContador(db(), numeroPessoa, { page: c.page, size: c.size ?? 20, filtro: c.filtro }) : contribuintesDoContador(db(), numeroPessoa);
    const respostaClientes = z.union([z.array(ContribuinteManifestacao), PaginaContribuintesManifestacao]);
    app.post('/contribuinte/porContador', {
      config: leitura,
      schema: {
        tags, summary: "The accountant's client companies with their last active statement: all of them, or with `page` one page (filtered) and the totals",
        body: ConsultaContribuintesContador, response: { 200: respostaClientes },
      },
      handler: async (req) => clientes((await contadorAutorizado(db(), req.principal!, req.body, true)).numeroPessoa, req.body),
    });
    app.post('/contribuinte/porUsuario', {
      config: area,
      schema: {
        tags, summary: "The signed-in accountant's client companies, paged as porContador when `page` is given",
        body: PaginaContribuintesContador.nullish(), response: { 200: respostaClientes },
      },
      handler: async (req) => clientes((await contadorDaConta(db(), req.principal!)).numeroPessoa, req.body),
    });

    // With a page asked for: that page (filtered) and the summary's counts; without: the newest ones, as before.
    const manifestacoes = async (numeroPessoa: number, c?: PaginaManifestacoes | null) => {
      const [pessoa, m] = await Promise.all([
        pessoaPorNumero(db(), numeroPessoa),
        c?.page !== undefined ? paginaManifestacoes(db(), numeroPessoa, { ...c, page: c.page, size: c.size ?? 20 }) : manifestacoesDoContador(db(), numeroPessoa),
      ]);
      return { nomeContador: pessoa?.nome ?? '', ...m };
    };
    app.post('/manifestacao/consultar', {
      config: leitura,
      schema: {
        tags, summary: "The accountant's statements, newest first (tax staff: any accountant); paged and filtered when `page` is given",
        body: ConsultaManifestacoes, response: { 200: ManifestacoesContador },
      },
      handler: async (req) => manifestacoes((await contadorAutorizado(db(), req.principal!, req.body, true)).numeroPessoa, req.body),
    });
    app.post('/manifestacao/consultarPorUsuario', {
      config: area,
      schema: {
        tags, summary: "The signed-in accountant's statements (only their own); paged and filtered when `page` is given, as consultar",
        // Optional: §7 callers send no body (or a CRC, ignored: the account decides whose statements these are).
        body: PaginaManifestacoes.nullish(), response: { 200: ManifestacoesContador },
      },
      handler: async (req) => manifestacoes((await contadorDaConta(db(), req.principal!)).numeroPessoa, req.body),
    });
    app.post('/manifestacao/gerar', {
      config: gerar,
      schema: {
        tags, summary: 'One statement per company in one transaction; the previous active one of each becomes inactive (S → N)',
        body: GerarManifestacoes, response: { 200: z.object({ nomeContador: z.string(), manifestacoes: z.array(Manifestacao) }) },
      },
      handler: async (req) => {
        const p = req.principal!;
        const criadas = await db().transaction(async (tx) => gerarManifestacoes(tx, p.login, await contadorAutorizado(tx, p, req.body, false), req.body));
        const k = (await contadorPorCrc(db(), req.body))!;
        return { nomeContador: (await pessoaPorNumero(db(), k.numeroPessoa))?.nome ?? '', manifestacoes: criadas };
      },
    });
    app.get('/manifestacao/relatorio/:id', {
      config: leitura,
      schema: { tags, summary: 'The statement as a PDF (an accountant: only their own)', params: z.object({ id: Inteiro(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) }), produces: ['application/pdf'] },
      handler: async (req, reply) => {
        const m = await manifestacaoPorId(db(), req.params.id);
        if (!m) throw notFound('Nenhuma manifestação encontrada para os parâmetros informados.');
        if (!ehFazendario(req.principal!)) {
          const k = await contadorDaConta(db(), req.principal!).catch(() => null);
          if (!k || k.numeroPessoa !== m.numeroPessoaContador) throw contadorNaoEncontrado();
        }
        const [pessoa, crc] = await Promise.all([pessoaPorNumero(db(), m.numeroPessoaContador), crcDe(m.numeroPessoaContador)]);
        return sendPdf(reply, ctx.pdf, documentoManifestacao(m, { nome: pessoa?.nome ?? '', crc }), `manifestacao-${m.id}.pdf`);
      },
    });
    const crcDe = async (np: number) => {
      const k = await dadosContador(db(), np);
      return k ? `${k.codigoUfCrc}${k.numeroCrc}${k.codigoTipoInscricao}${k.digitoVerificadorCrc ?? ''}` : '';
    };

    app.get('/contribuinte/semManifestacaoPaginado', {
      config: fazendario,
      schema: { tags, summary: 'Companies with an accountant and no active statement, activity started in [dataInicial, dataFinal)', querystring: PeriodoPaginado, response: { 200: PaginaEmpresasSemManifestacao } },
      handler: async (req) => empresasSemManifestacao(db(), req.query),
    });
    app.get('/contribuinte/relatorioEmpresasSemManifestacoes', {
      config: fazendario,
      schema: { tags, summary: 'The same list as a PDF', querystring: PeriodoManifestacao, produces: ['application/pdf'] },
      handler: async (req, reply) => sendPdf(reply, ctx.pdf, await relatorioSemManifestacao(db(), req.query), 'empresas-sem-manifestacao.pdf'),
    });
    app.post('/contribuinte/comManifestacaoNegacaoSemEvento', {
      config: fazendario,
      schema: {
        tags, summary: 'Companies whose active statement is a denial made in [dataInicial, dataFinal), no change event since; with `page`, one page (filtered) and the totals',
        body: ConsultaNegacoes, response: { 200: z.union([z.array(ContribuinteManifestacao), PaginaEmpresasNegacao]) },
      },
      handler: async (req) => {
        const { page, size, filtro, ...periodo } = req.body;
        return page === undefined ? empresasComNegacao(db(), periodo) : paginaComNegacao(db(), { ...periodo, page, size: size ?? 20, filtro });
      },
    });
    app.post('/contribuinte/relatorioEmpresasNegativadas', {
      config: fazendario,
      schema: { tags, summary: 'The same list as a PDF', body: PeriodoManifestacao, produces: ['application/pdf'] },
      handler: async (req, reply) => sendPdf(reply, ctx.pdf, await relatorioNegativadas(db(), req.body), 'empresas-negativadas.pdf'),
    });
  };
}
