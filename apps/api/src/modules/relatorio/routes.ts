import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EstadoTarefaPdf, FILTROS_RELATORIO, NOMES_RELATORIO, PaginaRelatorio, PanoramaCadastro, RELATORIOS, REGISTRY_API_BASE, REPORT_AUTHORITIES, type DefinicaoRelatorio, type NomeRelatorio, Inteiro,
} from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { RELATORIOS_SQL } from './definicoes.js';
import { TarefasPdf } from '../../platform/pdf/tarefas.js';
import { documentoPdf, pagina, planilha, recusarPdfGrande, VagasPlanilha, type FiltroDe } from './motor.js';
import { panorama } from './panorama.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The names and encodings §7's other clients send, read as the catalogue's before validation:
 * `consultarPor` is the spec's name of `tipoConsulta`, and a list repeated in the query
 * (`tipoContribuinte=1&tipoContribuinte=3`) or sent as a JSON array is the comma list "1,3".
 */
const comoNaSpec = (onde: 'query' | 'body') => async (req: FastifyRequest) => {
  const f = req[onde];
  if (!f || typeof f !== 'object' || Array.isArray(f)) return;
  const o = { ...(f as Record<string, unknown>) };
  if (o.consultarPor !== undefined && o.tipoConsulta === undefined) o.tipoConsulta = o.consultarPor;
  delete o.consultarPor;
  for (const [k, v] of Object.entries(o)) if (Array.isArray(v)) o[k] = v.join(',');
  req[onde] = o;
};

/** A parsed filter back as a query string (lists as the comma lists they came as). */
const comoQuery = (f: unknown) =>
  new URLSearchParams(Object.entries(f as Record<string, unknown>).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, Array.isArray(v) ? v.join(',') : String(v)]]))).toString();

const TarefaId = z.object({ id: z.uuid() });

/**
 * §2/§7 Reports: every report of the catalogue gets the same three calls from the one engine —
 * relatorio/<path> (the preview, paged JSON), relatorio/<path>/imprimir (PDF) and
 * relatorio/<path>/baixar (XLSX, streamed) — guarded by the report's role; where §7 names a data
 * query (`dados`: contribuinte/obterAtivos, solicitacao/baixadas…) the preview answers there too.
 */
export function relatorioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    const vagas = new VagasPlanilha(ctx.config.reportXlsx.concurrent);
    const tarefas = new TarefasPdf(db, ctx.tarefas, {
      porUsuario: ctx.config.reportPdf.jobsPerUser,
      ttlMs: ctx.config.reportPdf.jobTtlSeconds * 1000,
      aoFalhar: (err) => ctx.log.error({ err }, 'background report PDF failed'),
    });
    for (const nome of NOMES_RELATORIO) registrar(nome);

    // A report PDF rendered in the background (relatorio/<path>/imprimir/tarefa): its state, then its file — for the user who asked.
    const tarefa = { access: REPORT_AUTHORITIES } as const;
    app.get('/relatorio/tarefa-pdf/:id', {
      config: tarefa,
      schema: { tags: ['relatorio'], summary: 'A background report PDF: its phase, rows read, the file\'s bytes once done (the owner only)', params: TarefaId, response: { 200: EstadoTarefaPdf } },
      handler: async (req, reply) => reply.header('Cache-Control', 'no-store').send(await tarefas.ler(req.params.id, req.principal!.id)),
    });
    app.get('/relatorio/tarefa-pdf/:id/arquivo', {
      config: tarefa,
      schema: { tags: ['relatorio'], summary: 'A background report PDF: the finished file (the owner only; 409 while it is made)', params: TarefaId, produces: ['application/pdf'] },
      handler: async (req, reply) => {
        const { corpo, arquivo } = await tarefas.arquivo(req.params.id, req.principal!.id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${arquivo}"`)
          .header('Cache-Control', 'no-store')
          .send(corpo);
      },
    });

    // The home page's picture of the registry: for whoever holds any report role (each chart opens a report).
    app.get('/relatorio/panorama', {
      config: { access: REPORT_AUTHORITIES, teto: 'relatorio' }, // counts over the whole registry
      schema: {
        tags: ['relatorio'],
        summary: 'The registry at a glance: taxpayers by status, opened and closed per month, Simples/MEI share, open pendências by criticality',
        response: { 200: PanoramaCadastro },
      },
      handler: async () => panorama(db()),
    });

    function registrar<N extends NomeRelatorio>(nome: N) {
      const def: DefinicaoRelatorio = RELATORIOS[nome];
      const r = RELATORIOS_SQL[nome];
      // Every filter is a zod object (refinements included), so the page parameters extend it.
      const filtro = FILTROS_RELATORIO[def.filtro] as unknown as z.ZodObject<z.ZodRawShape>;
      const config = { access: def.acesso, teto: 'relatorio' as const }; // previews, PDFs and spreadsheets: the reports' ceiling
      const arquivo = def.caminho.replace(/\W+/g, '-');
      const ler = (f: unknown) => f as FiltroDe<N>;
      const paginaQuery = z.object({
        // Any page of a count (#40 §2): 500,000 rows at size 1 are 500,000 pages; the last reads from the end.
        page: Inteiro(z.number().int().min(0).max(10_000_000)).default(0),
        size: Inteiro(z.number().int().min(1).max(100)).default(20),
      });
      // One implementation per call, whichever path or verb reaches it.
      const previa = async (f: unknown, { page, size }: z.infer<typeof paginaQuery>) => pagina(db(), r, ler(f), page, size);
      // A PDF past its rows is refused with the spreadsheet of the same filter offered.
      const limite = (f: unknown) => ({ maxLinhas: ctx.config.reportPdf.maxRows, planilha: `${REGISTRY_API_BASE}/relatorio/${def.caminho}/baixar?${comoQuery(f)}` });
      const pdf = async (f: unknown, reply: FastifyReply) => sendPdf(reply, ctx.pdf, await documentoPdf(db(), r, ler(f), limite(f)), `${arquivo}.pdf`);
      const xlsx = async (f: unknown, req: FastifyRequest, reply: FastifyReply) => {
        const devolver = vagas.tomar();
        try {
          const { saida, fim } = await planilha(ctx.database.fluxos, r, ler(f), {
            cliente: reply.raw,
            ociosoMs: ctx.config.reportIdleTimeoutSeconds * 1000,
            maxLinhas: ctx.config.reportXlsx.maxRows,
            retido: ctx.database.driver === 'pglite',
            aoFalhar: (e) => req.log.error({ err: e }, 'report spreadsheet failed mid-stream'),
            aoAbandonar: () => req.log.warn({ seconds: ctx.config.reportIdleTimeoutSeconds }, 'report spreadsheet reader idle: connection closed, its file let go'),
          });
          // The place is held while the rows are written, not while a slow client reads them.
          void fim.finally(devolver);
          return reply
            .header('Content-Type', XLSX)
            .header('Content-Disposition', `attachment; filename="${arquivo}.xlsx"`)
            .header('Cache-Control', 'no-store')
            .send(saida);
        } catch (e) {
          devolver();
          throw e;
        }
      };
      const naQuery = { config, preValidation: comoNaSpec('query') } as const;
      const noCorpo = { config, preValidation: comoNaSpec('body') } as const;
      const previaSchema = { tags: ['relatorio'], summary: `${r.titulo}: the preview (a page of rows, the count and the totals)`, response: { 200: PaginaRelatorio } };

      const previaGet = (url: string, summary = previaSchema.summary) =>
        app.get(url, {
          ...naQuery,
          schema: { ...previaSchema, summary, querystring: filtro.safeExtend(paginaQuery.shape) },
          handler: async (req) => {
            const { page, size, ...f } = req.query as z.infer<typeof paginaQuery>;
            return previa(f, { page, size });
          },
        });
      previaGet(`/relatorio/${def.caminho}`);
      app.get(`/relatorio/${def.caminho}/imprimir`, {
        ...naQuery,
        schema: { tags: ['relatorio'], summary: `${r.titulo}: PDF`, querystring: filtro, produces: ['application/pdf'] },
        handler: async (req, reply) => pdf(req.query, reply),
      });
      app.post(`/relatorio/${def.caminho}/imprimir/tarefa`, {
        ...naQuery,
        schema: {
          tags: ['relatorio'],
          summary: `${r.titulo}: PDF rendered in the background (202 with the job; refused at once, 422, past the PDF's rows)`,
          querystring: filtro,
          response: { 202: EstadoTarefaPdf },
        },
        handler: async (req, reply) => {
          const f = req.query;
          await recusarPdfGrande(db(), r, ler(f), limite(f));
          const estado = await tarefas.iniciar(req.principal!.id, `${arquivo}.pdf`, async (avanco) => {
            const doc = await documentoPdf(db(), r, ler(f), limite(f), avanco.linhas);
            return ctx.pdf.render({ ...doc, emitidoEm: doc.emitidoEm ?? new Date().toISOString() });
          });
          return reply.code(202).header('Location', `${REGISTRY_API_BASE}/relatorio/tarefa-pdf/${estado.id}`).send(estado);
        },
      });
      app.get(`/relatorio/${def.caminho}/baixar`, {
        ...naQuery,
        schema: { tags: ['relatorio'], summary: `${r.titulo}: XLSX, streamed from a database cursor`, querystring: filtro, produces: [XLSX] },
        handler: async (req, reply) => xlsx(req.query, req, reply),
      });
      if (!def.dados) return;
      // §7's data query at the spec's own path and verb (the relatorio/ paths above are this project's).
      if (def.dados.metodo === 'GET') {
        previaGet(`/${def.dados.caminho}`, `${r.titulo}: the §7 data query (the preview)`);
        return;
      }
      // §7 sends this report's filter as a POST body: the data query and both files.
      app.post(`/${def.dados.caminho}`, {
        ...noCorpo,
        schema: { ...previaSchema, summary: `${r.titulo}: the §7 data query (the preview; the filter in the body)`, body: filtro, querystring: paginaQuery },
        handler: async (req) => previa(req.body, req.query),
      });
      app.post(`/relatorio/${def.caminho}/imprimir`, {
        ...noCorpo,
        schema: { tags: ['relatorio'], summary: `${r.titulo}: PDF (the filter in the body)`, body: filtro, produces: ['application/pdf'] },
        handler: async (req, reply) => pdf(req.body, reply),
      });
      app.post(`/relatorio/${def.caminho}/baixar`, {
        ...noCorpo,
        schema: { tags: ['relatorio'], summary: `${r.titulo}: XLSX (the filter in the body)`, body: filtro, produces: [XLSX] },
        handler: async (req, reply) => xlsx(req.body, req, reply),
      });
    }
  };
}
