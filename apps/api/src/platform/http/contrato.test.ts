import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts.js';
import { Client, startTestApp, type TestApp } from '../../test/harness.js';
import type { Chamada, Valores } from '../../test/contrato/chamada.js';
import { CHAMADAS_7, TOTAL_CHAMADAS_7 } from '../../test/contrato/tabela.js';
import { prepararValores } from '../../test/contrato/valores.js';

/**
 * The §7 contract: every call of the spec, at the spec's own path and verb, from ONE table
 * (test/contrato/tabela.ts). A caller with the call's role gets an answer (not 404/405/400: the
 * sample is valid, so the path, the verb and the parameter names are the spec's); a signed-in
 * caller without it gets 403 and an anonymous one 401; public calls answer anyone.
 */
let t: TestApp;
let v: Valores;
const clientes = new Map<string, Client>();
const SEM_PAPEL = 'user';

beforeAll(async () => {
  t = await startTestApp();
  v = await prepararValores(t);
  for (const d of DEMO_ACCOUNTS) clientes.set(d.login, new Client(t, (await t.as(d.login)).token));
}, 180_000);
afterAll(() => t?.close());

/** The account valores.ts registers (and the table activates): signed in when first needed. */
const CONTA_DO_TESTE = { login: 'contrato.ativar', senha: 'abcd' };

/** The first demo account holding the call's role (or the one the table names). */
async function chamador(c: Chamada): Promise<Client> {
  const login = c.quem ?? (c.papel === 'publico' || c.papel === 'autenticado' ? 'user' : DEMO_ACCOUNTS.find((d) => d.authorities.includes(c.papel))?.login);
  if (!login) throw new Error(`no demo account holds ${c.papel}`);
  if (login === CONTA_DO_TESTE.login && !clientes.has(login)) clientes.set(login, await t.as(login, CONTA_DO_TESTE.senha));
  return clientes.get(login)!;
}

function url(c: Chamada): string {
  const caminho = c.caminho.replace(/\{(\w+)\}/g, (_m, nome: string) => {
    const valor = (v as unknown as Record<string, unknown>)[nome];
    if (typeof valor !== 'string') throw new Error(`${c.caminho}: no sample value "${nome}"`);
    return encodeURIComponent(valor);
  });
  const q = c.query ? new URLSearchParams(c.query(v)).toString() : '';
  return q ? `${caminho}${caminho.includes('?') ? '&' : '?'}${q}` : caminho;
}

describe('§7 contract (one table, every call)', () => {
  it(`the table lists all ${TOTAL_CHAMADAS_7} calls of §7, each once`, () => {
    expect(CHAMADAS_7).toHaveLength(TOTAL_CHAMADAS_7);
    const chaves = CHAMADAS_7.map((c) => `${c.metodo} ${c.caminho.split('?')[0]}`);
    expect(chaves.filter((k, i) => chaves.indexOf(k) !== i)).toEqual([]);
  });

  it('every call §7 names is in the table: the text left after taking out every row\'s fragment names no path', () => {
    // spec-7.txt is §7 of the spec, verbatim: a call the table lacks leaves its path behind.
    const texto = readFileSync(new URL('../../test/contrato/spec-7.txt', import.meta.url), 'utf8');
    const fragmentos = [...new Set(CHAMADAS_7.map((c) => c.spec))].sort((a, b) => b.length - a.length);
    expect(fragmentos.filter((f) => !texto.includes(f))).toEqual([]);
    let resto = texto;
    for (const f of fragmentos) resto = resto.split(f).join(' ');
    resto = resto.replace(/\{[^{}]*\}/g, ' ');
    const caminhos = resto.match(/[A-Za-z][\w-]*(?:\/[\w{}?&=-]*)+|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+(?:-[a-z]+)+\b/g) ?? [];
    // Words of §7 that are fields or prose, not calls.
    const NAO_SAO_CHAMADAS = new Set([
      'codigoTipoDocumento', 'individual/legal', 'itensPorPagina', 'numeroDocumento', 'paginaAtual', 'per-tab', 'pessoaFisica', 'pessoaJuridica', 'porCaceal',
      'razaoSocial', 'sfz-cadastro-api/api', 'totalElements', 'totalPages', 'zero-based',
    ]);
    expect([...new Set(caminhos)].filter((w) => !NAO_SAO_CHAMADAS.has(w))).toEqual([]);
  });

  it('a caller with the role gets an answer: the spec path, verb and parameters are served', async () => {
    const errados: string[] = [];
    for (const c of CHAMADAS_7) {
      const quem = await chamador(c);
      const corpo = c.corpo ? await c.corpo(v, { admin: clientes.get('admin')! }) : c.metodo === 'GET' || c.metodo === 'DELETE' ? undefined : {};
      const r = await quem.request(c.metodo, url(c), corpo);
      const chamada = `${c.metodo} ${url(c)} (${c.spec})`;
      if ([400, 401, 403, 404, 405].includes(r.statusCode) || r.statusCode >= 500) errados.push(`${chamada}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      else if (c.campos || c.cabecalho) {
        // The response §7 describes: the fields it names, the header it names.
        const json = r.statusCode < 300 ? (r.json<Record<string, unknown>>() ?? {}) : {};
        const faltam = (c.campos ?? []).filter((k) => !(k in json));
        if (r.statusCode >= 300 || faltam.length) errados.push(`${chamada}: ${r.statusCode}, fields ${faltam.join(', ')} missing`);
        if (c.cabecalho && r.headers[c.cabecalho] === undefined) errados.push(`${chamada}: no ${c.cabecalho} header`);
      }
    }
    expect(errados).toEqual([]);
  }, 180_000);

  it('without the role: 403 signed in, 401 anonymous (public calls answer anyone)', async () => {
    const errados: string[] = [];
    const anonimo = t.client();
    for (const c of CHAMADAS_7) {
      if (c.papel === 'publico') continue;
      const corpo = c.metodo === 'GET' || c.metodo === 'DELETE' ? undefined : {};
      const a = await anonimo.request(c.metodo, url(c), corpo);
      if (a.statusCode !== 401) errados.push(`anonymous ${c.metodo} ${url(c)}: ${a.statusCode}`);
      if (c.papel === 'autenticado') continue;
      const r = await clientes.get(SEM_PAPEL)!.request(c.metodo, url(c), corpo);
      if (r.statusCode !== 403) errados.push(`${SEM_PAPEL} ${c.metodo} ${url(c)}: ${r.statusCode}`);
    }
    expect(errados).toEqual([]);
  }, 120_000);
});
