import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, createUser, signIn } from './app';

/**
 * Fresh subjects: a test that writes (or reads what others write) works on data no other test of the run, and no
 * earlier attempt or repetition of itself, has touched. Each subject is claimed once per run by an exclusive file
 * in the run's data dir (shared by every worker), so a second attempt finds the first one's subject taken and
 * picks another instead of meeting what the first attempt saved.
 */
const api = '/sfz-cadastro-api/api';

export function reservar(chave: string): boolean {
  const dir = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'e2e-sujeitos');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(path.join(dir, chave.replace(/[^\w.-]/g, '_')), '', { flag: 'wx' });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

function jaReservado(chave: string) {
  return fs.existsSync(path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'e2e-sujeitos', chave.replace(/[^\w.-]/g, '_')));
}

/** A login nobody has used: the time and a counter, so a retry within the same millisecond differs too. */
let seq = 0;
export const loginNovo = (prefixo: string) => `${prefixo}${Date.now().toString(36)}${(seq++).toString(36)}`;

export type Registro = { numeroPessoa: number; numeroCaceal: number; situacaoCadastral: string | null; cnpj: string; razaoSocial: string };
type Headers = Record<string, string>;

/**
 * A company registration (14-character CNPJ) of the search by name, in `situacao` (ATIVO unless told), that passes
 * `serve`, claimed with its whole CNPJ root (a porte, a status or a notice reaches the root's other registrations).
 */
export async function registroLivre(
  request: APIRequestContext,
  opts: { termo?: string; situacao?: string | null; serve?: (r: Registro, headers: Headers) => Promise<boolean> } = {},
): Promise<Registro> {
  const { headers } = await apiAs(request, 'auditor');
  const situacao = opts.situacao === undefined ? 'ATIVO' : opts.situacao;
  for (let pagina = 0; pagina < 10; pagina++) {
    const r = await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/${opts.termo ?? 'ltda'}/${pagina}/100`, { headers });
    expect(r.status()).toBe(200);
    const lista = (await r.json()).content as (Omit<Registro, 'numeroCaceal'> & { numeroCaceal: number | null })[];
    if (!lista.length) break;
    for (const l of lista) {
      if (!l.numeroCaceal || l.cnpj.length !== 14 || (situacao && l.situacaoCadastral !== situacao)) continue;
      const chave = `raiz-${l.cnpj.slice(0, 8)}`;
      if (jaReservado(chave)) continue;
      const x = l as Registro;
      if (opts.serve && !(await opts.serve(x, headers))) continue;
      if (reservar(chave)) return x;
    }
  }
  throw new Error(`no unclaimed ${situacao ?? ''} registration for "${opts.termo ?? 'ltda'}" in the seed`);
}

export type ContadorNovo = { login: string; crc: string; uf: string; numeroCrc: string; classificacao: string; numeroPessoa: number; empresas: { numeroCaceal: number; razaoSocial: string }[] };

/**
 * A new accountant account (the demo accountant's roles) linked to a seeded accountant that no account held: no
 * re-registration and no statement of its own yet, in charge of `min`–`max` companies (more than a page of 20 by
 * default, few enough to draw quickly).
 */
export async function contadorNovo(request: APIRequestContext, opts: { min?: number; max?: number } = {}): Promise<ContadorNovo> {
  const [min, max] = [opts.min ?? 21, opts.max ?? 80];
  const login = loginNovo('contador');
  await createUser(request, login, ['ROLE_USER', 'ROLE_MAN_MANIFESTACAO']);
  const admin = await apiAs(request, 'admin');
  const { headers } = await apiAs(request, 'auditor');
  for (let pagina = 0; pagina < 10; pagina++) {
    const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/${pagina}/100`, { headers })).json()).content as { numeroCaceal: number | null }[];
    for (const c of lista) {
      if (!c.numeroCaceal) continue;
      const r = await request.get(`${api}/contribuinte/obterContador/porCaceal/${c.numeroCaceal}`, { headers });
      const k = r.ok() ? ((await r.json()) as { numeroPessoaContador: number; numeroDocumento: string; codigoUfCrc: string; numeroCrc: string; classificacao: string } | null) : null;
      if (!k || jaReservado(`contador-${k.numeroPessoaContador}`)) continue;
      const e = (await (await request.get(`${api}/pessoa/empresas-vinculadas/${k.numeroPessoaContador}?vinculo=contador&page=1&size=1`, { headers })).json()) as { totalElements: number };
      // (Counted by link, a little apart from the account's own list read below: a prefilter.)
      if (e.totalElements < min || e.totalElements > max || !reservar(`contador-${k.numeroPessoaContador}`)) continue;
      // Another account holds this accountant (the demo one, or an earlier run's): 409, try the next.
      const v = await request.put(`/api/users/${login}/pessoa`, { headers: admin.headers, data: { numeroDocumento: k.numeroDocumento } });
      if (v.status() === 409) continue;
      expect(v.status(), await v.text()).toBe(200);
      const eu = await apiAs(request, login);
      const crc = { crc: `${k.codigoUfCrc}${k.numeroCrc}`, classificacao: 1 };
      const rec = await request.post(`${api}/contador/consultarRecadastro`, { headers: eu.headers, data: crc });
      const empresas = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers: eu.headers, data: {} })).json()) as { numeroCaceal: number; razaoSocial: string }[];
      if (k.classificacao === 'PROFISSIONAL' && rec.ok() && (await rec.json()).recadastro === null && empresas.length >= min) {
        return { login, crc: crc.crc, uf: k.codigoUfCrc, numeroCrc: k.numeroCrc, classificacao: k.classificacao, numeroPessoa: k.numeroPessoaContador, empresas };
      }
      expect((await request.delete(`/api/users/${login}/pessoa`, { headers: admin.headers })).status()).toBe(204);
    }
  }
  throw new Error(`no unclaimed accountant with ${min}–${max} companies in the seed`);
}

/**
 * A new taxpayer account (meu cadastro) linked to the company of a registration of its own (claimed as registroLivre
 * claims, passing `serve`), whose person has that one registration: what the account's Meu Cadastro shows.
 */
export async function contribuinteNovo(request: APIRequestContext, serve?: (r: Registro, headers: Headers) => Promise<boolean>): Promise<{ login: string; registro: Registro }> {
  const login = loginNovo('contribuinte');
  await createUser(request, login, ['ROLE_USER', 'ROLE_CAD_MEU_CADASTRO']);
  const admin = await apiAs(request, 'admin');
  for (let i = 0; i < 20; i++) {
    const registro = await registroLivre(request, { serve });
    // Held by another account (the demo taxpayer's company): 409, the next one.
    const v = await request.put(`/api/users/${login}/pessoa`, { headers: admin.headers, data: { numeroDocumento: registro.cnpj } });
    if (v.status() === 409) continue;
    expect(v.status(), await v.text()).toBe(200);
    const eu = await apiAs(request, login);
    const me = (await (await request.get(`${api}/pessoa/obterUsuarioLogado`, { headers: eu.headers })).json()) as { numeroPessoa: number; cacealList: number[] };
    if (me.numeroPessoa === registro.numeroPessoa && me.cacealList.length === 1 && me.cacealList[0] === registro.numeroCaceal) return { login, registro };
    expect((await request.delete(`/api/users/${login}/pessoa`, { headers: admin.headers })).status()).toBe(204);
  }
  throw new Error('no unclaimed registration for a new taxpayer account');
}

/** Opens, signed in as the auditor, an active company registration of its own (see registroLivre). */
export async function abrirRegistroAtivo(page: Page, request: APIRequestContext) {
  const r = await registroLivre(request);
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  return r;
}
