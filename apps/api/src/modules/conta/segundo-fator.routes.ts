import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Authority, LoginResponse, SegundoFatorCodigo, SegundoFatorDesafio, SegundoFatorInscricao, SegundoFatorInscrito } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { SegundoFatorService } from './segundo-fator.js';

const tags = ['conta'];

/**
 * The second step of a password sign-in for staff accounts (issue #41 §3), under /api. Each call
 * carries the challenge of POST /api/authenticate's 401; code guesses are counted in the database
 * (tentativas.ts), per account, like passwords.
 */
export function segundoFatorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new SegundoFatorService(ctx);
  return async (app) => {
    app.post('/authenticate/segundo-fator', {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in, second step: the TOTP code or a recovery code (spent) with the challenge', body: SegundoFatorCodigo, response: { 200: LoginResponse } },
      handler: async (req, reply) => {
        const token = await service.entrar(req.body.desafio, req.body.codigo, req.ip);
        return reply.header('Authorization', `Bearer ${token}`).send({ id_token: token });
      },
    });

    app.post('/authenticate/segundo-fator/inscricao/inicio', {
      config: { access: 'public' },
      schema: { tags, summary: 'Enrolment: a new TOTP secret and its QR code (SVG data URL) for the challenge\'s account', body: SegundoFatorDesafio, response: { 200: SegundoFatorInscricao } },
      handler: async (req) => service.iniciarInscricao(req.body.desafio),
    });

    app.post('/authenticate/segundo-fator/inscricao', {
      config: { access: 'public' },
      schema: { tags, summary: 'Enrolment: the first code confirms it; the session and the recovery codes (shown this once)', body: SegundoFatorCodigo, response: { 200: SegundoFatorInscrito } },
      handler: async (req, reply) => {
        const r = await service.confirmarInscricao(req.body.desafio, req.body.codigo, req.ip);
        return reply.header('Authorization', `Bearer ${r.id_token}`).send(r);
      },
    });

    app.delete('/users/:login/segundo-fator', {
      config: { access: [Authority.ADMIN] },
      schema: { tags: ['usuario'], summary: 'Reset a user\'s second factor: its sessions end, the next sign-in enrols again (audited)', params: z.object({ login: z.string().min(1).max(50) }) },
      handler: async (req, reply) => {
        await service.redefinir(requirePrincipal(req).login, req.params.login);
        return reply.code(204).header('X-App-Alert', 'userManagement.segundoFatorRedefinido').header('X-App-Params', req.params.login).send();
      },
    });
  };
}
