import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProblemSchema, XSRF_COOKIE, XSRF_HEADER } from '@cadastro/domain';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { DbWatch } from '../../test/db-watch.js';
import { casesFor, HUGE, operationsOf, type Operation } from '../../test/fuzz.js';
import { apiRoutes, callerOf, pathValue, seedKnownRegistry, signInAll, type KnownValues } from '../../test/routes.js';
import type { Access } from '../auth/guard.js';

/**
 * Fuzzing generated from the OpenAPI document (see test/fuzz.ts): every operation gets at least
 * 40 malformed requests, sent by a demo account that passes its guard (admin first), so the input
 * reaches validation and the code behind it. Every answer must be below 500; every error must be
 * problem+json in the catalogue's shape without a long run of the junk it was sent; and an answer
 * that is not a success must not have written anything.
 *
 * Writes are watched through the transaction ids taken and committed (test/db-watch.ts): after
 * each call that may change things, and once per operation for reads (a read may record itself
 * when it succeeds, e.g. an emitted FIC). A success may write: a valid-looking call happened to be
 * acceptable (mail is stored by the sink before the answer, so nothing arrives later). The
 * refusals that write by design: a failed password check is recorded for throttling (sign-in also
 * for audit; the current password of a change counts the same).
 */
const WRITES_ON_REFUSAL: Record<string, { status: number; tables: string[] }> = {
  'POST /api/authenticate': { status: 401, tables: ['evento_auditoria', 'tentativa_login'] },
  'POST /api/account/change-password': { status: 400, tables: ['tentativa_login'] },
};
/**
 * Reads whose success is a redirect (3xx, which the loop counts as a refusal) and which write by
 * design: starting a provider sign-in keeps its pending request (state, PKCE verifier, nonce).
 */
const READS_WRITING_ON_REDIRECT = new Set(['GET /api/identidade/:provedor/entrar']);
/**
 * Not fuzzed, each with why (none today). The backup once was: its answer, the whole embedded database
 * held in memory, exhausted a 4 GB heap over 40 calls through app.inject. Now it takes no query (the
 * junk-query cases are 400s before any copy) and streams a snapshot from disk, one at a time.
 */
const NOT_FUZZED: Record<string, string> = {};
const SAIR = new Set(['/api/logout', '/api/identidade/sair']);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const XSRF = 'fuzz-xsrf-token';
const runs = [HUGE.path, HUGE.text, HUGE.near].map((c) => c.repeat(64));

let t: TestApp;
let known: KnownValues;
let tokens: Map<string, string>;
let ops: Operation[];
let access: Map<string, Access | undefined>;
let watch: DbWatch;

beforeAll(async () => {
  t = await startTestApp({ API_DOCS: 'on' });
  known = await seedKnownRegistry(t);
  tokens = await signInAll(t);
  // Signing out (any body is acceptable) ends the caller's session — the administrator's, who calls
  // every 'authenticated' route: both sign-outs go last, or every operation after them would only
  // meet a 401 (identidade/sair, in the middle, left the admin routes after it unfuzzed).
  const last = (op: Operation) => (op.method === 'POST' && SAIR.has(op.path) ? 1 : 0);
  ops = operationsOf(t.app.swagger()).sort((a, b) => last(a) - last(b));
  access = new Map(apiRoutes(t).map((r) => [`${r.method} ${r.url}`, r.access]));
  watch = new DbWatch(t.db);
}, 120_000);
afterAll(() => t?.close());

const key = (op: Operation) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
const KNOWN_NAMES = new Set(['numeroPessoa', 'caceal', 'cnpj', 'login', 'uf', 'cnae', 'codigo']);

describe('fuzzing every operation from its OpenAPI schemas', () => {
  it('covers every operation of the route table', () => {
    const documented = new Set(ops.map(key));
    expect([...access.keys()].filter((k) => !documented.has(k))).toEqual([]);
    expect(Object.keys(NOT_FUZZED).filter((k) => !access.has(k))).toEqual([]);
    for (const op of ops) expect(casesFor(op, () => undefined).length, key(op)).toBeGreaterThanOrEqual(40);
  });

  it('the watch sees committed updates and deletions, not what was rolled back', async () => {
    await watch.baseline();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update usuario set last_modified_by = 'fuzz' where login = 'user'`);
      tx.rollback();
    }).catch(() => undefined);
    expect(await (await watch.written()).tables()).toEqual([]);
    await t.db.execute(sql`update usuario set last_modified_by = last_modified_by where login = 'user'`);
    expect(await (await watch.written()).tables()).toEqual(['usuario']);
    await t.db.execute(sql`delete from tentativa_login where id = (select min(id) from tentativa_login)`);
    expect(await (await watch.written()).tables()).toEqual(['tentativa_login']);
  });

  it('never answers 5xx, errors are problem+json without the junk, refusals write nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    await watch.baseline();
    for (const [i, op] of ops.entries()) {
      const route = key(op);
      if (!access.has(route) || route in NOT_FUZZED) continue;
      const token = tokens.get(callerOf(access.get(route)));
      const cases = casesFor(op, (name) => (KNOWN_NAMES.has(name) ? pathValue(name, known) : undefined));
      let accepted = 0;
      for (const [j, c] of cases.entries()) {
        const fail = (why: string) => failures.push(`${route} [${c.name}] → ${why}`);
        const r = await t.app.inject({
          method: op.method as 'GET',
          url: c.url,
          ...(c.payload === undefined ? {} : { payload: c.payload }),
          headers: { authorization: `Bearer ${token}`, [XSRF_HEADER]: XSRF, ...c.headers },
          cookies: { [XSRF_COOKIE]: XSRF },
          // One address per call: per-address rate limits would otherwise stop the input at the door.
          remoteAddress: `10.${i % 250}.${j >> 8}.${j & 255}`,
        });
        sent++;
        // Work an accepted call left for after its answer belongs to that call.
        await t.built.ctx.tarefas.drain();
        const status = r.statusCode;
        if (status >= 500) fail(`${status} ${r.body.slice(0, 300)}`);
        else if (status >= 400) {
          if (!String(r.headers['content-type']).startsWith('application/problem+json')) fail(`${status} as ${String(r.headers['content-type'])}`);
          else {
            const p = ProblemSchema.safeParse(JSON.parse(r.body));
            if (!p.success || p.data.status !== status || !p.data.title) fail(`${status}, not the catalogue's problem: ${r.body.slice(0, 200)}`);
            const { path: _path, ...rest } = JSON.parse(r.body) as Record<string, unknown>;
            const echoed = JSON.stringify(rest);
            if (r.body.length > 4000 || runs.some((run) => echoed.includes(run))) fail(`${status} echoes the input (${r.body.length} bytes): ${r.body.slice(0, 200)}`);
          }
        }
        if (status < 300 || (status < 400 && READS_WRITING_ON_REDIRECT.has(route))) accepted++;
        // Calls that change things are watched one by one; reads once per operation (below).
        if (!MUTATING.has(op.method)) continue;
        const w = await watch.written();
        if (!w.committed || status < 300) continue;
        const tables = await w.tables();
        if (tables.length === 0) continue; // another database's transaction (a shared test server)
        const allowed = WRITES_ON_REFUSAL[route];
        if (!allowed || allowed.status !== status || tables.some((tb) => !allowed.tables.includes(tb))) {
          fail(`${status} but wrote ${tables.join(', ')}`);
        }
      }
      // Only the sign-outs (last) may end the caller's session: after any other, the routes behind it would meet only a 401.
      if (!(op.method === 'POST' && SAIR.has(op.path))) {
        const still = await t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` }, remoteAddress: `10.${i % 250}.255.255` });
        if (still.statusCode !== 200) failures.push(`${route}: ended the caller's session (GET /api/account → ${still.statusCode})`);
      }
      if (!MUTATING.has(op.method)) {
        // A read may record itself (an emitted FIC, say) when it succeeds; refused reads write nothing.
        const w = await watch.written();
        const tables = w.committed && accepted === 0 ? await w.tables() : [];
        if (tables.length > 0) failures.push(`${route}: refused reads wrote ${tables.join(', ')}`);
      }
    }
    expect(sent).toBeGreaterThan(40 * 90);
    expect(failures).toEqual([]);
  }, 600_000);
});
