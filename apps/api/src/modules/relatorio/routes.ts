import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILTROS_RELATORIO, NOMES_RELATORIO, PaginaRelatorio, PanoramaCadastro, RELATORIOS, REPORT_AUTHORITIES, type NomeRelatorio } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { RELATORIOS_SQL } from './definicoes.js';
import { documentoPdf, pagina, planilha, type FiltroDe } from './motor.js';
import { panorama } from './panorama.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * §2/§7 Reports: every report of the catalogue gets the same three calls from the one engine —
 * relatorio/<path> (the preview, paged JSON), relatorio/<path>/imprimir (PDF) and
 * relatorio/<path>/baixar (XLSX, streamed) — guarded by the report's role.
 */
export function relatorioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    for (const nome of NOMES_RELATORIO) registrar(nome);

    // The home page's picture of the registry: for whoever holds any report role (each chart opens a report).
    app.get('/relatorio/panorama', {
      config: { access: REPORT_AUTHORITIES },
      schema: {
        tags: ['relatorio'],
        summary: 'The registry at a glance: taxpayers by status, opened and closed per month, Simples/MEI share, open pendências by criticality',
        response: { 200: PanoramaCadastro },
      },
      handler: async () => panorama(db()),
    });

    function registrar<N extends NomeRelatorio>(nome: N) {
      const def = RELATORIOS[nome];
      const r = RELATORIOS_SQL[nome];
      // Every filter is a zod object (refinements included), so the page parameters extend it.
      const filtro = FILTROS_RELATORIO[def.filtro] as unknown as z.ZodObject<z.ZodRawShape>;
      const config = { access: def.acesso };
      const arquivo = def.caminho.replace(/\W+/g, '-');
      const ler = (q: unknown) => q as FiltroDe<N>;
      app.get(`/relatorio/${def.caminho}`, {
        config,
        schema: {
          tags: ['relatorio'],
          summary: `${r.titulo}: the preview (a page of rows, the count and the totals)`,
          querystring: filtro.safeExtend({
            page: z.coerce.number().int().min(0).max(100_000).default(0),
            size: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: { 200: PaginaRelatorio },
        },
        handler: async (req) => {
          const { page, size, ...f } = req.query as { page: number; size: number };
          return pagina(db(), r, ler(f), page, size);
        },
      });
      app.get(`/relatorio/${def.caminho}/imprimir`, {
        config,
        schema: { tags: ['relatorio'], summary: `${r.titulo}: PDF`, querystring: filtro, produces: ['application/pdf'] },
        handler: async (req, reply) => sendPdf(reply, ctx.pdf, await documentoPdf(db(), r, ler(req.query)), `${arquivo}.pdf`),
      });
      app.get(`/relatorio/${def.caminho}/baixar`, {
        config,
        schema: { tags: ['relatorio'], summary: `${r.titulo}: XLSX, streamed from a database cursor`, querystring: filtro, produces: [XLSX] },
        handler: async (req, reply) => {
          const { saida } = planilha(ctx.database.fluxos, r, ler(req.query), {
            cliente: reply.raw,
            ociosoMs: ctx.config.reportIdleTimeoutSeconds * 1000,
            aoFalhar: (e) => req.log.error({ err: e }, 'report spreadsheet failed mid-stream'),
            aoAbandonar: () => req.log.warn({ seconds: ctx.config.reportIdleTimeoutSeconds }, 'report spreadsheet reader idle: connection closed, cursor released'),
          });
          return reply
            .header('Content-Type', XLSX)
            .header('Content-Disposition', `attachment; filename="${arquivo}.xlsx"`)
            .header('Cache-Control', 'no-store')
            .send(saida);
        },
      });
    }
  };
}
