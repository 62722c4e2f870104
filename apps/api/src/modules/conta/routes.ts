import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Account, AccountSettings, LoginRequest, LoginResponse, PasswordChange, ProfileInfo, RegisterRequest,
  ResetPasswordFinish, ResetPasswordInit, APP_VERSION,
} from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { badRequest, tooManyRequests } from '../../platform/errors/problem.js';
import { ContaService } from './service.js';

const tags = ['conta'];

/** §7 "Auth and account", under /api. */
export function contaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ContaService(ctx);
  // Calls that send a mail: per address (each replica counts its own; the per-e-mail limits are in
  // the service, in the database).
  const accountMails = { max: ctx.config.accountRequestsPerHour, timeWindow: '1 hour' };
  // Mailed keys (activation, password reset) like sign-in (issue #39 §11): per address, and per key
  // once the body or query is valid, within the sign-in window; 429 with Retry-After beyond.
  const { login: lim } = ctx.config;
  const chaves = { max: lim.maxFailuresPerAddress, timeWindow: lim.windowMinutes * 60_000 };
  return async (app) => {
    // A second limiter on the same request: app.rateLimit() would skip it (the address one already ran).
    const porChave = (chave: (req: FastifyRequest) => string | undefined) => {
      const limite = app.createRateLimit({ max: lim.maxFailuresPerAccount, timeWindow: lim.windowMinutes * 60_000, keyGenerator: (req) => `chave:${chave(req) ?? ''}` });
      return async (req: FastifyRequest) => {
        if (!chave(req)) return; // no key: refused as such by the handler
        const r = await limite(req);
        if (!r.isAllowed && r.isExceeded) throw tooManyRequests('Too many attempts with this key. Try again later.', r.ttlInSeconds);
      };
    };
    app.post('/authenticate', {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in; the JWT comes in the Authorization header and as id_token', body: LoginRequest, response: { 200: LoginResponse } },
      handler: async (req, reply) => {
        const token = await service.authenticate(req.body.username, req.body.password, req.body.rememberMe, req.ip);
        return reply.header('Authorization', `Bearer ${token}`).send({ id_token: token });
      },
    });

    app.get('/authenticate', {
      config: { access: 'public' },
      schema: { tags, summary: 'Login of the caller, or empty when anonymous', response: { 200: z.string() } },
      handler: async (req) => req.principal?.login ?? '',
    });

    app.get('/account', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The signed-in account', response: { 200: Account } },
      handler: async (req) => service.getAccount(requirePrincipal(req).id),
    });

    app.post('/account', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Save own settings', body: AccountSettings },
      handler: async (req, reply) => {
        await service.saveAccount(requirePrincipal(req).id, req.body);
        return reply.code(200).send();
      },
    });

    app.post('/account/change-password', {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change own password; every other session of the user ends, this one gets a new token',
        body: PasswordChange,
        response: { 200: LoginResponse },
      },
      handler: async (req, reply) => {
        // A remember-me session (valid for more than a working day) stays one.
        const rememberMe = (req.token?.exp ?? 0) - Date.now() / 1000 > 24 * 3600;
        const token = await service.changePassword(requirePrincipal(req).id, req.body, rememberMe, req.ip);
        return reply.header('Authorization', `Bearer ${token}`).send({ id_token: token });
      },
    });

    app.post('/logout', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Sign out: this token is refused from the next call on' },
      handler: async (req, reply) => {
        await service.logout(req.token!, requirePrincipal(req).login, req.ip);
        return reply.code(204).send();
      },
    });

    app.post('/register', {
      config: { access: 'public', rateLimit: accountMails },
      schema: { tags, summary: 'Self-registration; sends an activation mail (a taken login or e-mail: the same answer, and a mail saying why)', body: RegisterRequest },
      handler: async (req, reply) => {
        await service.register(req.body);
        return reply.code(201).send();
      },
    });

    app.get('/activate', {
      config: { access: 'public', rateLimit: chaves },
      schema: { tags, summary: 'Activate an account by its mailed key', querystring: z.object({ key: z.string().max(20).optional() }) },
      preHandler: porChave((req) => (req.query as { key?: string }).key),
      handler: async (req, reply) => {
        if (!req.query.key) throw badRequest('Activation key missing', { message: 'error.activation' });
        await service.activate(req.query.key);
        return reply.code(200).send();
      },
    });

    app.post('/account/reset-password/init', {
      config: { access: 'public', rateLimit: accountMails },
      schema: {
        tags,
        summary: 'Mail a password-reset link (body: the email, as text or {email})',
        body: z.preprocess((v) => (typeof v === 'string' ? { email: v } : v), ResetPasswordInit),
      },
      handler: async (req, reply) => {
        service.requestPasswordResetLater(req.body.email);
        return reply.code(200).send();
      },
    });

    app.post('/account/reset-password/finish', {
      config: { access: 'public', rateLimit: chaves },
      schema: { tags, summary: 'Set a new password with a reset key (valid 24 h)', body: ResetPasswordFinish },
      preHandler: porChave((req) => (req.body as { key?: string }).key),
      handler: async (req, reply) => {
        await service.finishPasswordReset(req.body);
        return reply.code(200).send();
      },
    });

    app.get('/profile-info', {
      config: { access: 'public' },
      schema: { tags, summary: 'Active profiles (dev/prod, api-docs)', response: { 200: ProfileInfo } },
      handler: async () => ({
        activeProfiles: [ctx.config.profile, ...(ctx.config.apiDocs ? ['api-docs'] : [])],
        ribbonEnv: ctx.config.profile === 'dev' ? 'dev' : null,
        version: APP_VERSION,
        apiDocs: ctx.config.apiDocs,
      }),
    });
  };
}
