import { sql } from 'drizzle-orm';
import { hasAnyAuthority } from '@cadastro/domain';
import { queryOne } from '../db/consulta.js';
import { DEMO_ACCOUNTS, linkDemoTaxpayerAccount } from '../seed/demo-accounts.js';
import { seedRegistry } from '../seed/registro.js';
import type { Access } from '../platform/auth/guard.js';
import type { RouteEntry } from '../platform/http/route-table.js';
import type { TestApp } from './harness.js';

/** The route table of tests generated from it: every operation of the API (and only those). */
export const API_ROUTE = /^\/(api|sfz-cadastro-api|management)(\/|$)/;

export function apiRoutes(t: TestApp): RouteEntry[] {
  return t.app.routeTable.filter((r) => API_ROUTE.test(r.url));
}

/** Real keys of the demo taxpayer's own registration, so every role's call can look valid. */
export interface KnownValues {
  numeroPessoa: string;
  caceal: string;
  cnpj: string;
}

/** A few seeded registrations, the demo taxpayer account linked to the first one. */
export async function seedKnownRegistry(t: TestApp): Promise<KnownValues> {
  await seedRegistry(t.built.ctx.database, { taxpayers: 20, seed: 7 });
  await linkDemoTaxpayerAccount(t.db);
  const r = await queryOne<KnownValues>(t.db, sql`select p.numero_pessoa::text as "numeroPessoa", c.numero_caceal::text as caceal, p.numero_documento as cnpj
    from usuario u join pessoa p on p.numero_pessoa = u.numero_pessoa join contribuinte c on c.numero_pessoa = p.numero_pessoa
    where u.login = 'contribuinte' order by c.id limit 1`);
  if (!r) throw new Error('the demo taxpayer account is not linked to a registration');
  return r;
}

/**
 * A valid-looking value for a path parameter, by its name; an unknown name gets '1', so a new
 * route is callable without anyone teaching this function about it.
 */
export function pathValue(name: string, known: KnownValues): string {
  switch (name) {
    case 'numeroPessoa':
      return known.numeroPessoa;
    case 'caceal':
    case 'query':
    case 'number':
      return known.caceal;
    case 'cnpj':
      return known.cnpj;
    case 'login':
      return 'fuzz-nobody';
    case 'uf':
      return 'AL';
    case 'cnae':
      return '4711302';
    case 'docType':
      return 'CACEAL';
    case 'page0':
      return '0';
    case 'size':
      return '10';
    case 'codigo':
      return 'ABCD-EFGH-JKMN';
    default:
      return '1';
  }
}

/** Fills a route's parameters (`:name` or `{name}`) from `value(name)`, URL-encoded unless raw. */
export function fillPath(url: string, value: (name: string) => string, raw = false): string {
  return url.replace(/:(\w+)|\{(\w+)\}/g, (_m, a: string | undefined, b: string | undefined) => {
    const v = value((a ?? b)!);
    return raw ? v : encodeURIComponent(v);
  });
}

/** Signs in every demo account once. */
export async function signInAll(t: TestApp): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const d of DEMO_ACCOUNTS) tokens.set(d.login, (await t.as(d.login)).token!);
  return tokens;
}

/** Whether a demo account passes a route's declared access (anonymous: login undefined). */
export function passes(access: Access | undefined, login: string | undefined): boolean {
  if (access === 'public') return true;
  if (login === undefined) return false;
  if (access === 'authenticated') return true;
  const d = DEMO_ACCOUNTS.find((a) => a.login === login);
  return !!d && !!access && hasAnyAuthority(d.authorities, access);
}

/** The first demo account (admin first) that may call a route. */
export function callerOf(access: Access | undefined): string {
  const d = DEMO_ACCOUNTS.find((a) => passes(access, a.login));
  if (!d) throw new Error(`no demo account may call a route with access ${JSON.stringify(access)}`);
  return d.login;
}
