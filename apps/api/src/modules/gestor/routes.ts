import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Authority, ConsultaGestor, DadosGestor, ResultadoSincronizacao, SincronizarGestor } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { dadosGestor, sincronizar } from './sincronizacao.js';

/** §2 gestor and gestor/sinc (ROLE_CAD_SINC_GESTOR). */
export function gestorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: [Authority.SINC_GESTOR] } as const;
    app.get('/gestor/dadosContribuinte', {
      config: access,
      schema: { tags: ['gestor'], summary: "The manager system's record of a CACEAL or CNPJ and what a sync would change", querystring: ConsultaGestor, response: { 200: DadosGestor } },
      handler: async (req) => dadosGestor(ctx.database.db, ctx.gestor, req.query),
    });
    app.post('/gestor/sinc', {
      config: access,
      schema: { tags: ['gestor'], summary: 'Applies the manager system and federal registry differences to the registry (idempotent)', body: SincronizarGestor, response: { 200: ResultadoSincronizacao } },
      handler: async (req) => sincronizar(ctx.database, ctx, req.principal!.login, req.body),
    });
  };
}
