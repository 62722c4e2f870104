import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminUser, AdminUserCreate, AdminUserUpdate, Authority, PageQuery } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { UsuarioService } from './service.js';

const tags = ['usuario'];
const admin = { access: [Authority.ADMIN] } as const;
const loginParam = z.object({ login: z.string().min(1).max(50) });

/** §7 "Users" (ROLE_ADMIN), under /api. */
export function usuarioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new UsuarioService(ctx);
  return async (app) => {
    app.get('/users', {
      config: admin,
      schema: { tags, summary: 'Page of users (sort=field,asc|desc; total in X-Total-Count)', querystring: PageQuery, response: { 200: z.array(AdminUser) } },
      handler: async (req, reply) => {
        const { rows, total } = await service.page(req.query.page, req.query.size, req.query.sort);
        reply.header('X-Total-Count', String(total));
        return rows;
      },
    });
    app.get('/users/authorities', {
      config: admin,
      schema: { tags, summary: 'Every authority that can be granted', response: { 200: z.array(z.string()) } },
      handler: async () => service.authorities(),
    });
    app.get('/users/:login', {
      config: admin,
      schema: { tags, summary: 'One user', params: loginParam, response: { 200: AdminUser } },
      handler: async (req) => service.get(req.params.login),
    });
    app.post('/users', {
      config: admin,
      schema: { tags, summary: 'Create a user; mails a link to set the password', body: AdminUserCreate, response: { 201: AdminUser } },
      handler: async (req, reply) => {
        const u = await service.create(requirePrincipal(req).login, req.body);
        return reply.code(201).header('X-App-Alert', 'userManagement.created').header('X-App-Params', u.login).send(u);
      },
    });
    app.put('/users', {
      config: admin,
      schema: { tags, summary: 'Update a user (profile, activation, authorities)', body: AdminUserUpdate, response: { 200: AdminUser } },
      handler: async (req, reply) => {
        const u = await service.update(requirePrincipal(req).login, req.body);
        return reply.header('X-App-Alert', 'userManagement.updated').header('X-App-Params', u.login).send(u);
      },
    });
    app.delete('/users/:login', {
      config: admin,
      schema: { tags, summary: 'Delete a user', params: loginParam },
      handler: async (req, reply) => {
        await service.delete(requirePrincipal(req).login, req.params.login);
        return reply.code(204).header('X-App-Alert', 'userManagement.deleted').header('X-App-Params', req.params.login).send();
      },
    });
  };
}
