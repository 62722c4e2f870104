import fs from 'node:fs/promises';
import * as oidc from 'openid-client';
import { calculateJwkThumbprint, exportJWK, importPKCS8, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import type { ProvedorConfig } from './config.js';

export type Fetch = (url: string, init: oidc.CustomFetchOptions) => Promise<Response>;

/** What the provider said about who signed in, every check passed (signature, iss, aud, exp, nonce, state, PKCE). */
export interface Entrada {
  claims: oidc.IDToken;
  accessToken: string;
}

/**
 * The relying party of one provider, on openid-client (authorization code + PKCE S256 + state + nonce; the
 * ID token's signature checked against the provider's published keys, its issuer, audience and expiry).
 * Discovery is lazy (the simulator answers once the app is up) and retried after a failure.
 */
export class ClienteOidc {
  private config: Promise<oidc.Configuration> | undefined;
  constructor(
    readonly provedor: ProvedorConfig,
    readonly redirectUri: string,
    /** Every call to the provider goes through here (the simulator: in-process; tests: a tampering proxy). */
    private readonly fetch: () => Fetch,
  ) {}

  private configuracao(): Promise<oidc.Configuration> {
    this.config ??= this.descobrir().catch((e: unknown) => {
      this.config = undefined;
      throw e;
    });
    return this.config;
  }

  private async descobrir(): Promise<oidc.Configuration> {
    const p = this.provedor;
    const auth = p.privateKeyFile ? oidc.PrivateKeyJwt(await chaveDoCliente(p.privateKeyFile)) : oidc.ClientSecretBasic(p.clientSecret!);
    const c = await oidc.discovery(new URL(p.issuer), p.clientId, undefined, auth, {
      // Only the simulator speaks plain http (in-process); a real provider must be https.
      ...(p.simulado ? { execute: [oidc.allowInsecureRequests] } : {}),
      [oidc.customFetch]: (url, init) => this.fetch()(url, init),
      timeout: 10,
    });
    c[oidc.customFetch] = (url, init) => this.fetch()(url, init);
    return c;
  }

  /** Where to send the browser, with the one-time values to keep until it comes back. */
  async inicio(): Promise<{ url: string; estado: string; verificador: string; nonce: string }> {
    const c = await this.configuracao();
    const verificador = oidc.randomPKCECodeVerifier();
    const estado = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(c, {
      redirect_uri: this.redirectUri,
      scope: this.provedor.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verificador),
      code_challenge_method: 'S256',
      state: estado,
      nonce,
    });
    return { url: url.href, estado, verificador, nonce };
  }

  /** The code exchanged and the ID token checked; throws on anything amiss. */
  async retorno(atual: URL, esperado: { estado: string; verificador: string; nonce: string }): Promise<Entrada> {
    const c = await this.configuracao();
    const tokens = await oidc.authorizationCodeGrant(c, atual, {
      pkceCodeVerifier: esperado.verificador,
      expectedState: esperado.estado,
      expectedNonce: esperado.nonce,
      idTokenExpected: true,
    });
    return { claims: tokens.claims()!, accessToken: tokens.access_token };
  }

  /** A GET to a resource server with the user's access token (gov.br's níveis API). */
  async recurso(accessToken: string, url: string): Promise<unknown> {
    const r = await oidc.fetchProtectedResource(await this.configuracao(), accessToken, new URL(url), 'GET');
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.json();
  }

  /** The provider's end-session URL (RP-initiated logout), or null when it publishes none. */
  async saida(postLogout: string): Promise<string | null> {
    const c = await this.configuracao();
    if (!c.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(c, { client_id: this.provedor.clientId, post_logout_redirect_uri: postLogout }).href;
  }
}

/** The client's RS256 private key (PKCS#8 PEM), with its RFC 7638 thumbprint as the kid the assertion names. */
export async function chaveDoCliente(arquivo: string): Promise<{ key: CryptoKey; kid: string }> {
  const key = await importPKCS8(await fs.readFile(arquivo, 'utf8'), 'RS256', { extractable: true });
  return { key, kid: await calculateJwkThumbprint(await exportJWK(key)) };
}

/** The public half of the client's key, as the provider registers it (the simulator; a JWKS for a real one). */
export async function chavePublicaDoCliente(arquivo: string): Promise<JWK> {
  const { key, kid } = await chaveDoCliente(arquivo);
  const { kty, n, e } = await exportJWK(key);
  return { kty, n, e, kid, alg: 'RS256', use: 'sig' };
}

/** fetch for the built-in simulator: answered by the app itself (no socket, whatever address it listens on). */
export function fetchInterno(app: () => FastifyInstance): Fetch {
  return async (url, init) => {
    const u = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers as HeadersInit).forEach((v, k) => (headers[k] = v));
    headers.host = u.host;
    const body = init.body == null ? undefined : typeof init.body === 'string' ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : Buffer.from(init.body as ArrayBuffer);
    const r = await app().inject({ method: init.method as 'GET', url: u.pathname + u.search, headers, ...(body === undefined ? {} : { payload: body }) });
    const h = new Headers();
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const vazio = r.statusCode === 204 || r.statusCode === 304;
    return new Response(vazio ? null : new Uint8Array(r.rawPayload), { status: r.statusCode, headers: h });
  };
}
