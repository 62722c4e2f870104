import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER } from '@cadastro/domain';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { DbWatch } from '../../test/db-watch.js';
import { operationsOf, sampleOf, type JsonSchema, type Operation } from '../../test/fuzz.js';
import { apiRoutes, callerOf, pathValue, seedKnownRegistry, signInAll, type KnownValues } from '../../test/routes.js';
import type { Access } from '../auth/guard.js';

/**
 * Issue #39 §11: every numeric path or query parameter is decimal digits only, generated from the
 * OpenAPI document so a new route is covered without anyone listing it. z.coerce.number() read
 * Number(text): `DELETE edital/excluir/0x10` deleted notice 16.
 */
const NAO_DECIMAIS: [string, string][] = [
  ['hex', '0x10'],
  ['exponent', '9e0'],
  ['leading space', '%209'],
  ['trailing space', '9%20'],
  ['plus sign', '%2B9'],
  ['fraction zero', '9.0'],
  ['binary', '0b1'],
];
const XSRF = 'inteiros-xsrf';
/** Bodies the schema sample gets wrong: Fastify checks the body before the query string. */
const CORPOS: Record<string, unknown> = {
  'POST /sfz-cadastro-api/api/contribuinte/contribuintes-geral/consultar': { dataInicial: '2000-01-01', dataFinal: '2026-12-31' },
};
const KNOWN_NAMES = new Set(['numeroPessoa', 'caceal', 'cnpj', 'login', 'uf', 'cnae', 'codigo']);

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
  ops = operationsOf(t.app.swagger()).filter((op) => !(op.method === 'POST' && op.path === '/api/logout'));
  access = new Map(apiRoutes(t).map((r) => [`${r.method} ${r.url}`, r.access]));
  watch = new DbWatch(t.db);
}, 120_000);
afterAll(() => t?.close());

const key = (op: Operation) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
const numerico = (s: JsonSchema | undefined): boolean =>
  !!s && (s.type === 'integer' || s.type === 'number' || (s.anyOf ?? s.oneOf ?? []).some(numerico));

describe('numeric ids in a URL are decimal digits only (issue #39 §11)', () => {
  it('every numeric path or query parameter refuses hex, exponents, spaces and signs: 400 naming it, nothing written', async () => {
    const falhas: string[] = [];
    let vistos = 0;
    await watch.baseline();
    for (const [i, op] of ops.entries()) {
      const route = key(op);
      if (!access.has(route)) continue;
      const token = tokens.get(callerOf(access.get(route)));
      const path: Record<string, string> = {};
      for (const p of op.params.filter((x) => x.in === 'path')) {
        path[p.name] = encodeURIComponent(KNOWN_NAMES.has(p.name) ? pathValue(p.name, known) : String(sampleOf(p.schema, p.name)));
      }
      const query = op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, p.name)))] as const);
      for (const p of op.params.filter((x) => (x.in === 'path' || x.in === 'query') && numerico(x.schema))) {
        vistos++;
        for (const [nome, lixo] of NAO_DECIMAIS) {
          const ps = p.in === 'path' ? { ...path, [p.name]: lixo } : path;
          const qs = [...query.filter(([n]) => n !== p.name), ...(p.in === 'query' ? [[p.name, lixo] as const] : [])];
          const url = op.path.replace(/\{(\w+)\}/g, (_m, n: string) => ps[n] ?? '') + (qs.length ? `?${qs.map(([n, v]) => `${n}=${v}`).join('&')}` : '');
          const r = await t.app.inject({
            method: op.method as 'GET',
            url,
            ...(op.body ? { payload: JSON.stringify(CORPOS[route] ?? sampleOf(op.body)), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [XSRF_HEADER]: XSRF } } : { headers: { authorization: `Bearer ${token}`, [XSRF_HEADER]: XSRF } }),
            cookies: { [XSRF_COOKIE]: XSRF },
            remoteAddress: `10.${i % 250}.0.${vistos % 250}`,
          });
          const campos = r.statusCode === 400 ? ((JSON.parse(r.body) as { fieldErrors?: { field: string }[] }).fieldErrors ?? []).map((f) => f.field) : [];
          if (r.statusCode !== 400 || !campos.includes(p.name)) falhas.push(`${route} ${p.in} ${p.name} [${nome}] → ${r.statusCode} ${r.body.slice(0, 160)}`);
        }
      }
    }
    expect(vistos).toBeGreaterThan(20);
    expect(falhas).toEqual([]);
    expect(await (await watch.written()).tables()).toEqual([]);
  }, 300_000);
});
