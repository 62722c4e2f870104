import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Authority, ConfirmacaoPublicacao, ConsultaEdital, ConsultaPublicaEdital, DadosContribuinteEdital, EditalDetalhe, EditalEdicao, EditalForm,
  PaginacaoEdital, PaginaEditais, ResultadoPublicacao, VinculadoEdital, Dia, LIMITE_VINCULADOS, NumeroCaceal, Inteiro,
} from '@cadastro/domain';
import { GRUPO_GESTOR_EDITAL } from '../../integrations/sca/port.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { pdfPublicoDoEdital } from './pdf-publico.js';
import {
  consultarEditais, consultarPorSituacao, consultarPublicos, dadosContribuintes, editalPorId, idPorNumero, motivosDoEdital, todosEditais, vinculadosDoEdital,
} from './consulta.js';
import { cadastrarEdital, editarEdital, excluirEdital, NAO_ENCONTRADO } from './manutencao.js';
import { EDITAL_PUBLICADO, editalPdf, situacaoDoEdital } from './pdf.js';
import { assinarEdital, confirmarPublicacao, ehResponsavel, naEquipe, republicarEdital } from './publicacao.js';

/** Who may print a notice that is not published yet. */
const LEITORES_INTERNOS: string[] = [Authority.CON_EDITAL, Authority.EDITAR_EDITAL, Authority.CON_DADOS_CONTRI];
const tags = ['edital'];
const Id = Inteiro(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const Mensagem = z.object({ mensagem: z.string() });
const Pagina = Inteiro(z.number().int().min(0).max(100_000));
const Tamanho = Inteiro(z.number().int().min(1).max(100));

/** §7 "Notices" under /sfz-cadastro-api/api: queries, cadastro/edicao, signing, publication, deletion, public query, PDF. */
export function editalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    // §6: ROLE_CAD_CON_EDITAL consults, ROLE_CAD_EDITAR_EDITAL creates and edits, ROLE_CAD_CON_EDITAL_PUBLI
    // publishes (confirms a publication, republishes) — and reads the notices it publishes.
    const consulta = { access: [Authority.CON_EDITAL, Authority.EDITAR_EDITAL, Authority.CON_EDITAL_PUBLI] } as const;
    const edicao = { access: [Authority.EDITAR_EDITAL] } as const;
    const publicacao = { access: [Authority.CON_EDITAL_PUBLI] } as const;
    const detalhe = async (id: number) => {
      const e = await editalPorId(db(), id);
      if (!e) throw notFound(NAO_ENCONTRADO);
      return e;
    };

    app.post('/edital/consultar', {
      config: consulta,
      schema: { tags, summary: 'consultar-edital: by number, EM EDIÇÃO, PRONTO PARA PUBLICAR or the other filters (paged)', querystring: PaginacaoEdital, body: ConsultaEdital, response: { 200: PaginaEditais } },
      handler: async (req) => consultarEditais(db(), req.body, req.query.paginaAtual, req.query.itensPorPagina),
    });
    app.get('/edital/consultar-por-situacao/:situacao/:page/:size', {
      config: consulta,
      schema: { tags, summary: 'Notices of one status (paged)', params: z.object({ situacao: Inteiro(z.number().int().min(1).max(4)), page: Pagina, size: Tamanho }), response: { 200: PaginaEditais } },
      handler: async (req) => consultarPorSituacao(db(), req.params.situacao, req.params.page, req.params.size),
    });
    app.get('/edital/todos/:page/:size', {
      config: consulta,
      schema: { tags, summary: 'Every notice (paged)', params: z.object({ page: Pagina, size: Tamanho }), response: { 200: PaginaEditais } },
      handler: async (req) => todosEditais(db(), req.params.page, req.params.size),
    });
    app.get('/edital/por-id/:id', {
      config: consulta,
      schema: { tags, summary: 'A notice with its reasons and linked registrations (edicao / confirmation)', params: z.object({ id: Id }), response: { 200: EditalDetalhe } },
      handler: async (req) => detalhe(req.params.id),
    });
    app.get('/edital/:numero', {
      config: consulta,
      schema: { tags, summary: 'A notice by its number (with or without the slash)', params: z.object({ numero: z.string().regex(/^\d{1,8}\/?\d{4}$/, 'pattern') }), response: { 200: EditalDetalhe } },
      handler: async (req) => detalhe((await idPorNumero(db(), req.params.numero)) ?? 0),
    });
    app.get('/edital/obterDadosDocumentoVinculado/:id', {
      config: consulta,
      schema: { tags, summary: 'The linked registrations of a notice', params: z.object({ id: Id }), response: { 200: z.array(VinculadoEdital) } },
      handler: async (req) => vinculadosDoEdital(db(), req.params.id),
    });
    app.get('/edital/obterMotivosAlteracaoSituacaoCadastral/:id', {
      config: consulta,
      schema: { tags, summary: 'The reasons of a notice (main first)', params: z.object({ id: Id }), response: { 200: z.array(z.object({ id: z.number().int(), descricao: z.string(), principal: z.boolean() })) } },
      handler: async (req) => motivosDoEdital(db(), req.params.id),
    });
    app.post('/edital/obterDadosContribuinte', {
      config: consulta,
      schema: { tags, summary: 'Name and status of pasted CACEALs (the unknown ones apart)', body: z.array(NumeroCaceal).min(1).max(LIMITE_VINCULADOS), response: { 200: DadosContribuinteEdital } },
      handler: async (req) => dadosContribuintes(db(), req.body),
    });
    app.get('/edital/verificarSePessoaLogadaEhResponsavel/:id', {
      config: consulta,
      schema: { tags, summary: "Is the signed-in person the notice's responsible (the Sign button)?", params: z.object({ id: Id }), response: { 200: z.boolean() } },
      handler: async (req) => ehResponsavel(db(), req.principal!.id, req.params.id),
    });
    app.get('/papel-sca/verificar-equipe-edital', {
      config: consulta,
      schema: { tags, summary: 'Is the signed-in person in GESTOR_EDITAL (access-control system)?', response: { 200: z.boolean() } },
      handler: async (req) => naEquipe(db(), ctx.sca, req.principal!.id),
    });

    app.post('/edital/cadastro', {
      config: edicao,
      schema: { tags, summary: 'A new notice, EM EDIÇÃO (reasons and linked registrations in the same transaction, audited)', body: EditalForm, response: { 200: z.object({ edital: z.object({ id: z.number().int(), numero: z.string() }), mensagem: z.string() }) } },
      handler: async (req) => {
        const equipe = await ctx.sca.membros(GRUPO_GESTOR_EDITAL);
        const edital = await db().transaction((tx) => cadastrarEdital(tx, equipe, req.principal!.login, req.body));
        return { edital, mensagem: 'Edital cadastrado com sucesso' };
      },
    });
    app.post('/edital/edicao', {
      config: edicao,
      schema: { tags, summary: 'Saves a notice EM EDIÇÃO (version-checked, audited)', body: EditalEdicao, response: { 200: Mensagem } },
      handler: async (req) => {
        const equipe = await ctx.sca.membros(GRUPO_GESTOR_EDITAL);
        await db().transaction((tx) => editarEdital(tx, equipe, req.principal!.login, req.body));
        return { mensagem: 'Edital alterado com sucesso' };
      },
    });
    app.post('/edital/assinatura', {
      config: edicao,
      schema: {
        tags, summary: 'Signs a notice: EM EDIÇÃO → PRONTO PARA PUBLICAR (its responsible person, member of GESTOR_EDITAL)',
        body: z.object({ id: z.number().int().positive(), version: z.number().int().min(0).optional() }),
        response: { 200: z.object({ numero: z.string(), codigoSituacao: z.number().int(), situacaoEdital: z.string(), mensagem: z.string() }) },
      },
      handler: async (req) => {
        const equipe = await ctx.sca.membros(GRUPO_GESTOR_EDITAL);
        return db().transaction((tx) => assinarEdital(tx, equipe, req.principal!, req.body.id, req.body.version));
      },
    });
    app.post('/edital', {
      config: publicacao,
      schema: { tags, summary: "Confirms a notice's publication: PRONTO PARA PUBLICAR → PUBLICADO; the linked registrations take the new status (one transaction)", body: ConfirmacaoPublicacao, response: { 200: ResultadoPublicacao } },
      handler: async (req) => db().transaction((tx) => confirmarPublicacao(tx, req.principal!.login, req.body)),
    });
    app.post('/edital/republicacao', {
      config: publicacao,
      schema: { tags, summary: 'Republishes a notice: PUBLICADO → REPUBLICADO (its effect is not applied again)', body: z.object({ id: z.number().int().positive(), dataPublicacao: Dia, numeroDiario: z.string().trim().max(20).nullish() }), response: { 200: ResultadoPublicacao } },
      handler: async (req) => db().transaction((tx) => republicarEdital(tx, req.principal!.login, req.body)),
    });
    app.delete('/edital/excluir/:id', {
      config: edicao,
      schema: { tags, summary: 'Deletes a notice EM EDIÇÃO or PRONTO PARA PUBLICAR', params: z.object({ id: Id }), response: { 200: Mensagem } },
      handler: async (req) => {
        await db().transaction((tx) => excluirEdital(tx, req.principal!.login, req.params.id));
        return { mensagem: 'Edital excluído com sucesso' };
      },
    });

    // Public area (no sign-in): published notices only; throttled per client address.
    const publico = { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
    app.get('/public/edital/obterTodos', {
      config: publico,
      schema: { tags, summary: 'Published notices, newest first (no sign-in)', querystring: PaginacaoEdital, response: { 200: PaginaEditais } },
      handler: async (req) => consultarPublicos(db(), null, req.query.paginaAtual, req.query.itensPorPagina),
    });
    app.post('/public/edital/consultar', {
      config: publico,
      schema: { tags, summary: 'consulta-publica-edital: published notices by number, type, CACEAL or period (at least one filter)', querystring: PaginacaoEdital, body: ConsultaPublicaEdital, response: { 200: PaginaEditais } },
      handler: async (req) => consultarPublicos(db(), req.body, req.query.paginaAtual, req.query.itensPorPagina),
    });

    app.get('/relatorio/edital/pdf', {
      // Public and each PDF costs CPU: throttled per client address.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, summary: 'A notice as PDF (published: anyone; drafts: notice and registry staff)', querystring: z.object({ id: Id }), produces: ['application/pdf'] },
      handler: async (req, reply) => {
        // Checked before any rendering; to anyone else a draft is the same 404 as an unknown id,
        // so the answer does not tell which ids are drafts.
        const situacao = await situacaoDoEdital(db(), req.query.id);
        const interno = req.principal?.authorities.some((a) => LEITORES_INTERNOS.includes(a)) ?? false;
        if (situacao === null || (!EDITAL_PUBLICADO.includes(situacao) && !interno)) throw notFound(NAO_ENCONTRADO);
        if (!interno) {
          // Anonymous readers: the file rendered once per notice version, on the public PDF lane.
          const p = await pdfPublicoDoEdital(db(), ctx.pdf, req.query.id);
          if (!p) throw notFound(NAO_ENCONTRADO);
          return reply
            .header('Content-Type', 'application/pdf')
            .header('Content-Disposition', `inline; filename="edital-${p.numero.replace('/', '-')}.pdf"`)
            .header('Cache-Control', 'no-store')
            .send(p.bytes);
        }
        const r = await editalPdf(db(), req.query.id);
        if (!r) throw notFound(NAO_ENCONTRADO);
        return sendPdf(reply, ctx.pdf, r.documento, `edital-${r.numero.replace('/', '-')}.pdf`);
      },
    });
  };
}
