import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlterarPessoaFisica, AlterarPessoaJuridica, Authority, CadastrarContador, CadastrarProcurador, CnpjParam, ConsultaEmpresasVinculadas, ConsultaLeituras, ContadorEncontrado, CpfParam, DocumentoPessoa, Endereco, NumeroPessoaRaiz,
  PaginaEmpresasVinculadas, PaginaLeituras, PessoaAlterada, PessoaCadastrada, PessoaEncontrada, PessoaFisica, PessoaJuridica, PessoaResumo, TELAS_LEITURA, CacealParam, Inteiro,
} from '@cadastro/domain';
import { sql } from 'drizzle-orm';
import { queryOne } from '../../db/consulta.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, HttpProblem } from '../../platform/errors/problem.js';
import { pertenceAoUsuario } from '../contribuinte/meu-cadastro.js';
import { alterarPessoaFisica, alterarPessoaJuridica } from './alteracao.js';
import { cadastrarPessoaReceita } from './cadastro.js';
import { cadastrarContador } from './contador-cadastro.js';
import { cadastrarProcurador } from './procurador-cadastro.js';
import { contadorEncontrado, encontrada, paginaEmpresasVinculadas, pessoaFisica, pessoaJuridica, pessoaPorDocumento, pessoaPorNumero, resumo } from './consulta.js';
import { obterEnderecos } from './enderecos.js';
import { listarLeituras, registrarLeitura } from './leituras.js';

/** §8: the exact text the lookups answer for an unknown person (the SPA then offers 'Cadastrar'). */
export const REGISTRO_NAO_ENCONTRADO = 'Registro não encontrado.';
const naoEncontrado = () => new HttpProblem(404, REGISTRO_NAO_ENCONTRADO, { message: 'error.pessoa.naoEncontrado' });

const NumeroPessoa = Inteiro(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const tags = ['pessoa'];

/** §7 "Person" calls under /sfz-cadastro-api/api: pages, edits, registration from the federal registry, lookups. */
export function pessoaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    const consulta = { access: [Authority.CON_PESSOA] } as const;
    // The taxpayer maintenance calls the lookups too (partner, responsible, attorney, accountant).
    const lookup = { access: [Authority.CON_PESSOA, Authority.CON_DADOS_CONTRI] } as const;
    const cadastro = { access: [Authority.CAD_PESSOA_INFOC] } as const;
    // §6: the "supertela" role gates every edit of registry data; a person's name, e-mail and CRC data are that.
    const edicao = { access: [Authority.MAN_DADOS_CONTRI] } as const;

    app.get('/pessoa/obterEnderecos/:numeroPessoa', {
      config: { access: [Authority.CON_DADOS_CONTRI, Authority.CON_PESSOA, Authority.MEU_CADASTRO] },
      schema: { tags, summary: 'Every address of a person (staff; a taxpayer only their own)', params: z.object({ numeroPessoa: NumeroPessoa }), response: { 200: z.array(Endereco) } },
      handler: async (req) => {
        const p = req.principal!;
        const staff = p.authorities.includes(Authority.CON_DADOS_CONTRI) || p.authorities.includes(Authority.CON_PESSOA);
        if (!staff && !(await pertenceAoUsuario(db(), p.id, { numeroPessoa: req.params.numeroPessoa }))) throw forbidden('Only your own registration');
        return obterEnderecos(db(), req.params.numeroPessoa);
      },
    });

    app.get('/pessoa/:documento', {
      config: lookup,
      schema: { tags, summary: 'The person of a CPF or CNPJ (a list; the first element is used)', params: z.object({ documento: DocumentoPessoa }), response: { 200: z.array(PessoaResumo) } },
      handler: async (req) => {
        const p = await pessoaPorDocumento(db(), req.params.documento);
        if (!p) throw naoEncontrado();
        return [resumo(p)];
      },
    });

    app.get('/pessoa/obterNumeroPessoaRaiz/:numeroPessoa', {
      config: lookup,
      schema: { tags, summary: "The head office's person number of a person (itself when it is one)", params: z.object({ numeroPessoa: NumeroPessoa }), response: { 200: NumeroPessoaRaiz } },
      handler: async (req) => {
        const p = await pessoaPorNumero(db(), req.params.numeroPessoa);
        if (!p) throw naoEncontrado();
        return { numeroPessoa: Number(p.numero_pessoa), numeroPessoaRaiz: Number(p.numero_pessoa_raiz ?? p.numero_pessoa) };
      },
    });
    app.get('/pessoa/obterNumeroPessoaRaiz/porCaceal/:caceal', {
      config: lookup,
      schema: { tags, summary: "The registration's person and its head office's person number", params: z.object({ caceal: CacealParam }), response: { 200: NumeroPessoaRaiz } },
      handler: async (req) => {
        const r = await queryOne<{ np: string; raiz: string | null }>(db(), sql`select p.numero_pessoa as np, p.numero_pessoa_raiz as raiz from contribuinte c
          join pessoa p on p.numero_pessoa = c.numero_pessoa where c.numero_caceal = ${req.params.caceal}`);
        if (!r) throw naoEncontrado();
        return { numeroPessoa: Number(r.np), numeroPessoaRaiz: Number(r.raiz ?? r.np) };
      },
    });

    app.get('/pessoa/consultar-pessoa-fisica/:cpf', {
      config: consulta,
      schema: {
        tags, summary: 'The individual page (pessoa/{cpf}); every read is logged (LGPD)',
        params: z.object({ cpf: CpfParam }), querystring: z.object({ tela: z.enum(TELAS_LEITURA).default('api') }), response: { 200: PessoaFisica },
      },
      handler: async (req) => {
        const p = await pessoaPorDocumento(db(), req.params.cpf);
        if (!p || p.tipo !== 'F') throw naoEncontrado();
        const r = await pessoaFisica(db(), p);
        await registrarLeitura(db(), req.principal!.login, p.numero_documento, req.query.tela);
        return r;
      },
    });
    app.get('/pessoa/consultar-pessoa-juridica/:cnpj', {
      config: consulta,
      schema: { tags, summary: 'The legal-entity page (pessoa-juridica/{cnpj})', params: z.object({ cnpj: CnpjParam }), response: { 200: PessoaJuridica } },
      handler: async (req) => {
        const p = await pessoaPorDocumento(db(), req.params.cnpj);
        if (!p || p.tipo !== 'J') throw naoEncontrado();
        return pessoaJuridica(db(), p);
      },
    });

    // Not of §7: the person pages' company tables a page at a time (#32); the §7 pages above keep their lists.
    app.get('/pessoa/empresas-vinculadas/:numeroPessoa', {
      config: consulta,
      schema: {
        tags, summary: "A page of the companies a person is partner of, responsible for or accountant of, filtered by CACEAL, CNPJ or name",
        params: z.object({ numeroPessoa: NumeroPessoa }), querystring: ConsultaEmpresasVinculadas, response: { 200: PaginaEmpresasVinculadas },
      },
      handler: async (req) => {
        const p = await pessoaPorNumero(db(), req.params.numeroPessoa);
        if (!p) throw naoEncontrado();
        const pagina = await paginaEmpresasVinculadas(db(), req.params.numeroPessoa, req.query);
        // Which companies an individual is partner, responsible or accountant of is theirs (LGPD), as the page is.
        if (p.tipo === 'F') await registrarLeitura(db(), req.principal!.login, p.numero_documento, req.query.tela);
        return pagina;
      },
    });

    app.post('/pessoa/alterar-pessoa-fisica/:numeroPessoa', {
      config: edicao,
      schema: { tags, summary: "An individual's name and e-mail (version-checked, audited)", params: z.object({ numeroPessoa: NumeroPessoa }), body: AlterarPessoaFisica, response: { 200: PessoaAlterada } },
      handler: async (req) => db().transaction((tx) => alterarPessoaFisica(tx, req.principal!.login, req.params.numeroPessoa, req.body)),
    });
    app.put('/pessoa/alterar-pessoa-juridica/:numeroPessoa', {
      config: edicao,
      schema: { tags, summary: "A legal person's accountant data (version-checked, audited)", params: z.object({ numeroPessoa: NumeroPessoa }), body: AlterarPessoaJuridica, response: { 200: PessoaAlterada } },
      handler: async (req) => db().transaction((tx) => alterarPessoaJuridica(tx, req.principal!.login, req.params.numeroPessoa, req.body)),
    });

    // §7 lists these as GETs, and other systems call them so; the SPA POSTs (a write, CSRF-checked). A GET
    // is safe here too: only the bearer token in the Authorization header signs a call in — never a cookie
    // a cross-site page could send — and the call is idempotent (the person as the Receita has it).
    const registrar = (path: string, documento: z.ZodType<string, string>, summary: string) => {
      const rota = {
        config: cadastro,
        schema: { tags, summary, params: z.object({ documento }), response: { 200: PessoaCadastrada } },
        handler: async (req: { principal?: { login: string } | null; params: { documento: string } }) =>
          cadastrarPessoaReceita(ctx.database, ctx.receita, req.principal!.login, req.params.documento),
      };
      app.post(path, rota);
      app.get(path, rota);
    };
    registrar('/pessoa/cadastrar-pessoa-infoconv/:documento', DocumentoPessoa, 'Create or update a person (CPF or CNPJ) from the federal registry');
    registrar('/pessoa/cpf/:documento', CpfParam, 'Create or update an individual from the federal registry');
    registrar('/pessoa/cnpj/:documento', CnpjParam, 'Create or update a legal person from the federal registry');

    app.get('/contador/obterPorNumeroDocumento/:documento', {
      config: lookup,
      schema: { tags, summary: 'The accountant of a CPF or CNPJ', params: z.object({ documento: DocumentoPessoa }), response: { 200: ContadorEncontrado } },
      handler: async (req) => {
        const p = await pessoaPorDocumento(db(), req.params.documento);
        const c = p && (await contadorEncontrado(db(), p));
        if (!c) throw naoEncontrado();
        return c;
      },
    });
    app.post('/contador/cadastrar', {
      // §6: accountant add/alter is a supertela edit.
      config: edicao,
      schema: { tags, summary: 'Register an accountant (the person when unknown, and its CRC data), audited; answers like the lookup', body: CadastrarContador, response: { 200: ContadorEncontrado } },
      handler: async (req) => db().transaction((tx) => cadastrarContador(tx, req.principal!.login, req.body)),
    });
    app.get('/contador/obter-por-numero-pessoa/:numeroPessoa', {
      config: lookup,
      schema: { tags, summary: 'The accountant of a person number', params: z.object({ numeroPessoa: NumeroPessoa }), response: { 200: ContadorEncontrado } },
      handler: async (req) => {
        const p = await pessoaPorNumero(db(), req.params.numeroPessoa);
        const c = p && (await contadorEncontrado(db(), p));
        if (!c) throw naoEncontrado();
        return c;
      },
    });
    app.post('/procurador/cadastrar', {
      // §6: attorneys are a supertela edit.
      config: edicao,
      schema: { tags, summary: 'Register an attorney the lookup did not find: CPF, the name typed, an optional address outside AL; audited', body: CadastrarProcurador, response: { 200: PessoaEncontrada } },
      handler: async (req) => db().transaction((tx) => cadastrarProcurador(tx, req.principal!.login, req.body)),
    });
    app.get('/procurador/obterPorNumeroDocumento/:documento', {
      config: lookup,
      schema: { tags, summary: 'A person who may be made attorney, by CPF', params: z.object({ documento: CpfParam }), response: { 200: PessoaEncontrada } },
      handler: async (req) => {
        const p = await pessoaPorDocumento(db(), req.params.documento);
        if (!p) throw naoEncontrado();
        return encontrada(db(), p);
      },
    });

    app.get('/pessoa/leituras', {
      config: { access: [Authority.ADMIN] },
      schema: { tags, summary: "LGPD: who read which individual's page, by CPF or by user", querystring: ConsultaLeituras, response: { 200: PaginaLeituras } },
      handler: async (req) => listarLeituras(db(), req.query),
    });
  };
}
