import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SignJWT, importJWK, decodeJwt } from 'jose';
import { Authority } from '@cadastro/domain';
import { queryOne } from '../../db/consulta.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { Navegador } from './fluxo.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t?.close());

/** A CPF no test of this file uses twice (check digits do not matter to gov.br's sub). */
let n = 0;
const cpfNovo = () => `9${String(Date.now() % 1e6).padStart(6, '0')}${String(++n).padStart(4, '0')}`;

const contas = async () => Number((await queryOne<{ n: number }>(t.db, sql`select count(*)::int as n from usuario`))!.n);

describe('gov.br through the simulator', { timeout: 60_000 }, () => {
  it('a first sign-in creates the account tied to the CPF, with the level kept with the session', async () => {
    const cpf = cpfNovo();
    const { token } = await new Navegador(t).entrar('govbr', { sujeito: cpf, nivel: 'prata', nome: 'Maria da Silva' });
    const c = t.client();
    c.token = token;
    const conta = (await c.get('/api/account')).json<{ login: string; authorities: string[] }>();
    expect(conta.login).toBe(`govbr-${cpf}`);
    expect(conta.authorities).toEqual([Authority.MEU_CADASTRO, Authority.USER].sort());
    expect((await c.get('/api/identidade/sessao')).json()).toEqual({ metodo: 'govbr', nivel: 'prata' });
  });

  it('signs out at the provider too: the end-session URL, and the token refused afterwards', async () => {
    const { token } = await new Navegador(t).entrar('govbr', { sujeito: cpfNovo(), nivel: 'bronze' });
    const c = t.client();
    c.token = token;
    const r = await c.post('/api/identidade/sair');
    expect(r.statusCode).toBe(200);
    const url = new URL(r.json<{ url: string }>().url);
    expect(url.pathname).toBe('/simulador/govbr/session/end');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:8080/');
    expect(url.search).not.toContain(token!);
    expect((await c.get('/api/account')).statusCode).toBe(401);
  });
});

describe('refused returns: nothing signed in, nothing written', { timeout: 60_000 }, () => {
  it('a forged state', async () => {
    const nav = new Navegador(t);
    const retorno = new URL(await nav.ateORetorno('govbr', { sujeito: cpfNovo(), nivel: 'ouro' }));
    retorno.searchParams.set('state', 'forjado');
    const antes = await contas();
    expect((await nav.concluir(retorno.href)).destino).toBe('http://localhost:8080/#/entrada?erro=pedido');
    expect(await contas()).toBe(antes);
  });

  it('a replayed code: the same return twice, and the code under a fresh state', async () => {
    const nav = new Navegador(t);
    const retorno = await nav.ateORetorno('govbr', { sujeito: cpfNovo(), nivel: 'ouro' });
    expect((await nav.concluir(retorno)).token).toBeTruthy();
    expect((await nav.concluir(retorno)).destino).toContain('erro=pedido');
    // Another browser's new sign-in (its own state and verifier), with the old code: the provider refuses the code.
    const outroNav = new Navegador(t);
    const outro = new URL(await outroNav.ateORetorno('govbr', { sujeito: cpfNovo(), nivel: 'ouro' }));
    outro.searchParams.set('code', new URL(retorno).searchParams.get('code')!);
    const antes = await contas();
    expect((await outroNav.concluir(outro.href)).destino).toContain('erro=provedor');
    expect(await contas()).toBe(antes);
  });

  /** The provider's token answer with its ID token replaced by one signed with the provider's own key. */
  async function comIdToken(mudar: (claims: Record<string, unknown>) => Record<string, unknown>) {
    const sim = t.built.simuladores.find((s) => s.provedor.id === 'govbr')!;
    const chave = await importJWK(sim.chavePrivada, 'RS256');
    const original = t.built.identidade.fetch;
    t.built.identidade.fetch = async (url, init) => {
      const r = await original(url, init);
      if (!url.endsWith('/token')) return r;
      const corpo = (await r.json()) as { id_token: string };
      const claims = mudar(decodeJwt(corpo.id_token) as Record<string, unknown>);
      corpo.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: sim.chavePrivada.kid }).sign(chave);
      return new Response(JSON.stringify(corpo), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    try {
      const antes = await contas();
      const cpf = cpfNovo();
      const r = await new Navegador(t).entrar('govbr', { sujeito: cpf, nivel: 'ouro' });
      // A refusal writes no account.
      if (r.destino.includes('erro=')) expect(await contas()).toBe(antes);
      return r.destino;
    } finally {
      t.built.identidade.fetch = original;
    }
  }

  it('the tampering proxy itself changes nothing when it changes nothing (a control)', async () => {
    expect(await comIdToken((c) => c)).toBe('http://localhost:8080/#/entrada');
  });
  it('a wrong nonce', async () => {
    expect(await comIdToken((c) => ({ ...c, nonce: 'outro' }))).toContain('erro=provedor');
  });
  it('a token of another audience', async () => {
    expect(await comIdToken((c) => ({ ...c, aud: 'outro-cliente' }))).toContain('erro=provedor');
  });
  it('a token of another issuer', async () => {
    expect(await comIdToken((c) => ({ ...c, iss: 'https://sso.exemplo.invalid' }))).toContain('erro=provedor');
  });
  it('an expired token', async () => {
    const agora = Math.floor(Date.now() / 1000);
    expect(await comIdToken((c) => ({ ...c, iat: agora - 7200, exp: agora - 3600 }))).toContain('erro=provedor');
  });
});

describe('STAFF_PASSWORD_SIGNIN=off (production: staff through the state only)', { timeout: 120_000 }, () => {
  it("refuses a staff account's password, not a citizen's", async () => {
    const s = await startTestApp({ STAFF_PASSWORD_SIGNIN: 'off' });
    try {
      const staff = await s.client().post('/api/authenticate', { username: 'atendente', password: 'atendente' });
      expect(staff.statusCode).toBe(401);
      expect(staff.json<{ detail: string }>().detail).toContain("State's network");
      expect((await s.client().post('/api/authenticate', { username: 'contribuinte', password: 'contribuinte' })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('no token or code in a log', { timeout: 120_000 }, () => {
  it("the access log of the provider's return masks the code and the state; the session token never appears", async () => {
    const linhas: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (b: Buffer) => linhas.push(b.toString('utf8')));
    const s = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const nav = new Navegador(s);
      const retorno = new URL(await nav.ateORetorno('govbr', { sujeito: cpfNovo(), nivel: 'prata' }));
      const { token } = await nav.concluir(retorno.href);
      expect(token).toBeTruthy();
      const log = linhas.join('');
      expect(log).toContain('/retorno?code=***&state=***');
      expect(log).not.toContain(retorno.searchParams.get('code')!);
      expect(log).not.toContain(retorno.searchParams.get('state')!);
      expect(log).not.toContain(token!);
    } finally {
      await s.close();
    }
  });
});
