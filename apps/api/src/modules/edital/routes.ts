import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { EDITAL_PUBLICADO, editalPdf, situacaoDoEdital } from './pdf.js';

/** Who may print a notice that is not published yet. */
const LEITORES_INTERNOS: string[] = [Authority.CON_EDITAL, Authority.EDITAR_EDITAL, Authority.CON_DADOS_CONTRI];
const NAO_ENCONTRADO = 'Nenhum registro encontrado.';

/** §7 Reports: relatorio/edital/pdf?id — public for published notices, staff only for drafts. */
export function editalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/relatorio/edital/pdf', {
      // Public and each PDF costs CPU: throttled per client address.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['edital'],
        summary: 'A notice as PDF (published: anyone; drafts: notice and registry staff)',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        produces: ['application/pdf'],
      },
      handler: async (req, reply) => {
        const db = ctx.database.db;
        // Checked before any rendering; to anyone else a draft is the same 404 as an unknown id,
        // so the answer does not tell which ids are drafts.
        const situacao = await situacaoDoEdital(db, req.query.id);
        const interno = req.principal?.authorities.some((a) => LEITORES_INTERNOS.includes(a)) ?? false;
        if (situacao === null || (!EDITAL_PUBLICADO.includes(situacao) && !interno)) throw notFound(NAO_ENCONTRADO);
        const r = await editalPdf(db, req.query.id);
        if (!r) throw notFound(NAO_ENCONTRADO);
        return sendPdf(reply, ctx.pdf, r.documento, `edital-${r.numero.replace('/', '-')}.pdf`);
      },
    });
  };
}
