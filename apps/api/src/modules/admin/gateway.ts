import os from 'node:os';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION, Authority, GatewayRoute } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { runCheck } from '../../platform/services.js';

/** GET api/gateway/routes/: the registry API itself and every registered port, with their state. */
export function gatewayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/gateway/routes/', {
      config: { access: [Authority.ADMIN] },
      schema: { tags: ['admin'], summary: 'Services that make up the system and their instances', response: { 200: z.array(GatewayRoute) } },
      handler: async () => {
        const api: GatewayRoute = {
          path: '/sfz-cadastro-api/api/**',
          serviceId: 'cadastro-api',
          serviceInstances: [
            {
              uri: ctx.config.baseUrl,
              instanceInfo: { status: 'UP' },
              metadata: { version: APP_VERSION, host: os.hostname(), pid: String(process.pid), database: ctx.database.driver },
            },
          ],
        };
        const others = await Promise.all(
          ctx.services.all().map(async (s): Promise<GatewayRoute> => {
            const r = await runCheck(() => s.check());
            return { path: s.path, serviceId: s.id, serviceInstances: [{ uri: s.uri, instanceInfo: { status: r.status }, metadata: { mode: s.mode } }] };
          }),
        );
        return [api, ...others];
      },
    });
  };
}
