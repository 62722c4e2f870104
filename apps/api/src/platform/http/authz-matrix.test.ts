import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authority } from '@cadastro/domain';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts.js';
import { Client, startTestApp, type TestApp } from '../../test/harness.js';
import { apiRoutes, fillPath, passes, pathValue, seedKnownRegistry, signInAll, type KnownValues } from '../../test/routes.js';
import type { Access } from '../auth/guard.js';
import type { RouteEntry } from './route-table.js';

/**
 * The authorization matrix, generated from the route table: every operation under /api,
 * /sfz-cadastro-api and /management × every demo role and anonymous. What a route declares
 * (config.access) is what the server enforces: anonymous on a non-public route → 401, a role
 * without any listed authority → 403, anyone else gets past the guard (any other status).
 * Calls carry valid-looking path parameters (the demo taxpayer's own registration), no query
 * and an empty body, so allowed calls stop at validation or find nothing: nothing is changed.
 */
let t: TestApp;
let known: KnownValues;
let routes: RouteEntry[];
const clients = new Map<string, Client>();
const ANONYMOUS = '(anonymous)';

/**
 * Routes whose handler decides beyond the guard, with what it enforces. Keep this short: each
 * entry is a route the declaration alone does not explain.
 */
const HANDLER_DECIDES: Record<string, { access: Access; anonymous: 401 | 403 }> = {
  // The scrape token is not our JWT, so the guard lets every caller in and the handler wants
  // METRICS_TOKEN or an administrator's session.
  'GET /management/prometheus': { access: [Authority.ADMIN], anonymous: 403 },
};

beforeAll(async () => {
  t = await startTestApp();
  known = await seedKnownRegistry(t);
  // Signing out ends the session the other calls use: the two sign-outs go last, each with a session of its own.
  const last = (r: RouteEntry) => (r.method !== 'POST' ? 0 : r.url === '/api/logout' ? 1 : r.url === '/api/identidade/sair' ? 2 : 0);
  routes = apiRoutes(t).sort((a, b) => last(a) - last(b));
  const tokens = await signInAll(t);
  clients.set(ANONYMOUS, t.client());
  for (const [login, token] of tokens) clients.set(login, new Client(t, token));
}, 120_000);
afterAll(() => t?.close());

describe('authorization matrix (generated from the route table)', () => {
  it('covers every operation, each declaring who may call it', () => {
    expect(routes.length).toBeGreaterThan(90);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  for (const login of [ANONYMOUS, ...DEMO_ACCOUNTS.map((d) => d.login)]) {
    it(`${login}: 401 / 403 / allowed exactly as declared`, async () => {
      const c = clients.get(login)!;
      const wrong: string[] = [];
      for (const r of routes) {
        if (r.url === '/api/identidade/sair' && login !== ANONYMOUS) c.token = (await t.as(login)).token;
        const url = fillPath(r.url, (name) => pathValue(name, known));
        const res = await c.request(r.method as 'GET', url, r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
        const who = login === ANONYMOUS ? undefined : login;
        const handler = HANDLER_DECIDES[`${r.method} ${r.url}`];
        const access = handler?.access ?? r.access;
        const expected = passes(access, who) ? 'allowed' : who === undefined ? (handler?.anonymous ?? 401) : 403;
        const ok = expected === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === expected;
        if (!ok) wrong.push(`${r.method} ${r.url} (${JSON.stringify(access)}): expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (expected !== 'allowed') expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
      }
      expect(wrong).toEqual([]);
    });
  }
});
