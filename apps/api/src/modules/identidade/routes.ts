import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponse, ProvedoresEntrada, SessaoEntrada } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { auditEvent, AuditType } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors/problem.js';
import { EntradaRecusada, type Identidade } from './service.js';

const tags = ['identidade'];
/** The redirect's state, for the browser that started it (Lax: the provider's return is a cross-site navigation). */
const COOKIE_PEDIDO = 'cadastro_oidc';
/** Our new session token, handed to the SPA by a POST, never in a URL. */
const COOKIE_SESSAO = 'cadastro_sessao_nova';
const Provedor = z.object({ provedor: z.enum(['govbr', 'estado']) });

/** Issue #41: /api/identidade — sign-in through gov.br and the state's provider, and RP-initiated sign-out. */
export function identidadeRoutes(ctx: AppContext, identidade: Identidade): FastifyPluginAsyncZod {
  const secure = ctx.config.baseUrl.startsWith('https');
  const base = ctx.config.baseUrl;
  return async (app) => {
    app.get('/identidade/provedores', {
      config: { access: 'public' },
      schema: { tags, summary: 'Which identity providers this installation offers', response: { 200: ProvedoresEntrada } },
      handler: async () => ({ govbr: !!identidade.config.govbr, estado: !!identidade.config.estado, senhaEquipe: identidade.config.senhaEquipe }),
    });

    app.get('/identidade/:provedor/entrar', {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Starts a sign-in: 302 to the provider (authorization code + PKCE S256 + state + nonce)', params: Provedor },
      handler: async (req, reply) => {
        if (!identidade.cliente(req.params.provedor)) throw notFound('This identity provider is not configured');
        const { url, estado } = await identidade.iniciar(req.params.provedor);
        reply.setCookie(COOKIE_PEDIDO, estado, { path: '/api/identidade', httpOnly: true, sameSite: 'lax', secure, maxAge: 600 });
        return reply.redirect(url, 302);
      },
    });

    app.get('/identidade/:provedor/retorno', {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags, summary: "The provider's return: on success 303 to /entrada with the session in a short-lived cookie; refused → 303 to /entrada?erro=…",
        params: Provedor, querystring: z.object({ code: z.string().max(2048).optional(), state: z.string().max(256).optional(), error: z.string().max(256).optional() }).passthrough(),
      },
      handler: async (req, reply) => {
        const c = identidade.cliente(req.params.provedor);
        if (!c) throw notFound('This identity provider is not configured');
        reply.clearCookie(COOKIE_PEDIDO, { path: '/api/identidade' });
        try {
          // The URL the provider redirected to, as openid-client compares it with the registered redirect_uri.
          const atual = new URL(req.url.slice(req.url.indexOf('?') === -1 ? req.url.length : req.url.indexOf('?')), c.redirectUri);
          const token = await identidade.concluir(req.params.provedor, atual, req.cookies[COOKIE_PEDIDO], req.ip);
          reply.setCookie(COOKIE_SESSAO, token, { path: '/api/identidade/sessao', httpOnly: true, sameSite: 'strict', secure, maxAge: 120 });
          return reply.redirect(`${base}/#/entrada`, 303);
        } catch (e) {
          if (!(e instanceof EntradaRecusada)) throw e;
          return reply.redirect(`${base}/#/entrada?erro=${e.codigo}`, 303);
        }
      },
    });

    app.post('/identidade/sessao', {
      config: { access: 'public' },
      schema: { tags, summary: 'Hands the session a provider sign-in just made to the SPA (once; from its httpOnly cookie)', response: { 200: LoginResponse } },
      handler: async (req, reply) => {
        const token = req.cookies[COOKIE_SESSAO];
        reply.clearCookie(COOKIE_SESSAO, { path: '/api/identidade/sessao' });
        if (!token || !ctx.tokens.verify(token)) throw badRequest('No sign-in to complete (it is handed once, within two minutes)');
        return reply.header('Authorization', `Bearer ${token}`).send({ id_token: token });
      },
    });

    app.get('/identidade/sessao', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'How this session signed in (senha, gov.br and its level, rede do Estado)', response: { 200: SessaoEntrada } },
      handler: async (req) => {
        const e = requirePrincipal(req).entrada;
        return e ? { metodo: e.metodo, nivel: e.nivel } : { metodo: 'senha' as const, nivel: null };
      },
    });

    app.post('/identidade/sair', {
      config: { access: 'authenticated' },
      schema: { tags, summary: "Signs out here and answers the provider's end-session URL (RP-initiated logout), null for a password session", response: { 200: z.object({ url: z.string().nullable() }) } },
      handler: async (req) => {
        const p = requirePrincipal(req);
        await ctx.database.db.transaction(async (tx) => {
          await ctx.sessoes.revoke(tx, req.token!);
          await auditEvent(tx, p.login, AuditType.LOGOUT, { remoteAddress: req.ip });
        });
        const c = p.entrada ? identidade.cliente(p.entrada.metodo) : undefined;
        let url: string | null = null;
        if (c) url = await c.saida(`${base}/`).catch(() => null);
        return { url };
      },
    });
  };
}
