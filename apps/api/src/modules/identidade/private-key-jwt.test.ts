import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { Authority } from '@cadastro/domain';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { Navegador } from './fluxo.test-support.js';
import { loadConfig } from '../../config.js';
import { GRUPOS_DEMO, identidadeConfig } from './config.js';

/**
 * The state's provider with private_key_jwt client authentication (issue #41: "secret or private key JWT"):
 * OIDC_PRIVATE_KEY_FILE without OIDC_ISSUER makes the simulator register the client for that method only,
 * with the key's public half, so the sign-in below goes through it or not at all.
 */
let t: TestApp;
let dir: string;
const chave = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cadastro-pkjwt-'));
  const arquivo = path.join(dir, 'cliente.pem');
  await fs.writeFile(arquivo, chave.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  t = await startTestApp({ OIDC_PRIVATE_KEY_FILE: arquivo });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const tokenUrl = 'http://localhost:8080/simulador/estado/token';

describe('private_key_jwt against the simulated state provider', { timeout: 60_000 }, () => {
  it('signs a clerk in, the code exchanged with a signed client assertion and no secret', async () => {
    const pedidos: { corpo: string; authorization: string | null }[] = [];
    const original = t.built.identidade.fetch;
    t.built.identidade.fetch = async (url, init) => {
      if (url.endsWith('/token')) pedidos.push({ corpo: String(init.body), authorization: new Headers(init.headers as HeadersInit).get('authorization') });
      return original(url, init);
    };
    try {
      const login = `pkjwt${Date.now() % 1e6}`;
      const { token, destino } = await new Navegador(t).entrar('estado', { sujeito: login, grupo: ['cadastro-atendimento'] });
      expect(destino).toBe('http://localhost:8080/#/entrada');
      const c = t.client();
      c.token = token;
      const conta = (await c.get('/api/account')).json<{ login: string; authorities: string[] }>();
      expect(conta.login).toBe(login);
      expect(conta.authorities).toEqual([...new Set([Authority.USER, ...GRUPOS_DEMO['cadastro-atendimento']!])].sort());
    } finally {
      t.built.identidade.fetch = original;
    }
    expect(pedidos).toHaveLength(1);
    const corpo = new URLSearchParams(pedidos[0]!.corpo);
    expect(pedidos[0]!.authorization).toBeNull();
    expect(corpo.get('client_secret')).toBeNull();
    expect(corpo.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const assercao = corpo.get('client_assertion')!;
    expect(decodeProtectedHeader(assercao)).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(decodeJwt(assercao)).toMatchObject({ iss: 'cadastro', sub: 'cadastro' });
  });

  it('the provider takes no other client authentication: a secret, or an assertion signed with another key', async () => {
    const tentar = async (headers: Record<string, string>, form: Record<string, string>) => {
      const r = await t.app.inject({
        method: 'POST', url: '/simulador/estado/token',
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: 'http://localhost:8080/api/identidade/estado/retorno', code_verifier: 'v'.repeat(43), ...form }).toString(),
      });
      return { status: r.statusCode, erro: r.json<{ error: string }>().error };
    };
    const basic = `Basic ${Buffer.from('cadastro:um-segredo').toString('base64')}`;
    expect(await tentar({ authorization: basic }, {})).toEqual({ status: 401, erro: 'invalid_client' });
    const assinada = async (chave: crypto.KeyObject) => {
      const agora = Math.floor(Date.now() / 1000);
      const jwt = await new SignJWT({ jti: crypto.randomUUID() }).setProtectedHeader({ alg: 'RS256' })
        .setIssuer('cadastro').setSubject('cadastro').setAudience(tokenUrl).setIssuedAt(agora).setExpirationTime(agora + 60).sign(chave);
      return { client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: jwt };
    };
    const { privateKey: outra } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(await tentar({}, await assinada(outra))).toEqual({ status: 401, erro: 'invalid_client' });
    // A control: the same assertion signed with the configured key authenticates (then the made-up code is refused).
    expect(await tentar({}, await assinada(chave))).toEqual({ status: 400, erro: 'invalid_grant' });
  });
});

describe('OIDC_PRIVATE_KEY_FILE checked at start', () => {
  it('a missing file or a key that cannot sign RS256 stops the start, naming the variable', async () => {
    const com = (arquivo: string) => () => identidadeConfig(loadConfig({ APP_PROFILE: 'dev', OIDC_PRIVATE_KEY_FILE: arquivo }));
    expect(com(path.join(dir, 'nao-existe.pem'))).toThrow(/OIDC_PRIVATE_KEY_FILE: .* is not a readable private key/);
    const ec = path.join(dir, 'ec.pem');
    await fs.writeFile(ec, crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(com(ec)).toThrow(/OIDC_PRIVATE_KEY_FILE: an RSA key is needed/);
    expect(com(path.join(dir, 'cliente.pem'))().estado).toMatchObject({ simulado: true, privateKeyFile: path.join(dir, 'cliente.pem'), clientSecret: undefined });
  });
});
