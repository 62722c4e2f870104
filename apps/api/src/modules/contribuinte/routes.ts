import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Authority, BuscaContribuinteParams, PaginaContribuintes } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { buscarContribuintes } from './busca.js';

/** §7 "Taxpayer" calls under /sfz-cadastro-api/api/contribuinte. */
export function contribuinteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/contribuinte/obterListaContribuintes/:docType/:query/:page0/:size', {
      config: { access: [Authority.CON_DADOS_CONTRI] },
      schema: {
        tags: ['contribuinte'],
        summary: 'Taxpayer search by CACEAL, CNPJ (numeric or alphanumeric), CNPJ root or razão social (contains)',
        params: BuscaContribuinteParams,
        response: { 200: PaginaContribuintes },
      },
      handler: async (req) => {
        const { docType, query, page0, size } = req.params;
        const r = await buscarContribuintes(ctx.database.db, docType, query, page0, size);
        return {
          content: r.content.map((c) => ({
            numeroPessoa: c.numeroPessoa,
            numeroCaceal: c.numeroCaceal,
            digitoCaceal: c.digitoCaceal,
            cnpj: c.cnpj,
            razaoSocial: c.razaoSocial,
            situacaoCadastral: c.situacaoCadastral,
          })),
          totalElements: r.totalElements,
          totalPages: Math.ceil(r.totalElements / size),
          totalIsLowerBound: r.totalIsLowerBound,
        };
      },
    });
  };
}
