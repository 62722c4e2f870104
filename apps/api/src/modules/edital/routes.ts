import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors/problem.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { EDITAL_PUBLICADO, editalPdf } from './pdf.js';

/** Who may print a notice that is not published yet. */
const LEITORES_INTERNOS: string[] = [Authority.CON_EDITAL, Authority.EDITAR_EDITAL, Authority.CON_DADOS_CONTRI];

/** §7 Reports: relatorio/edital/pdf?id — public for published notices, staff only for drafts. */
export function editalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/relatorio/edital/pdf', {
      config: { access: 'public' },
      schema: {
        tags: ['edital'],
        summary: 'A notice as PDF (published: anyone; drafts: notice and registry staff)',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        produces: ['application/pdf'],
      },
      handler: async (req, reply) => {
        const r = await editalPdf(ctx.database.db, req.query.id);
        if (!r) throw notFound('Nenhum registro encontrado.');
        if (!EDITAL_PUBLICADO.includes(r.situacaoId)) {
          if (!req.principal) throw unauthorized();
          if (!req.principal.authorities.some((a) => LEITORES_INTERNOS.includes(a))) throw forbidden();
        }
        return sendPdf(reply, r.pdf, `edital-${r.numero.replace('/', '-')}.pdf`);
      },
    });
  };
}
