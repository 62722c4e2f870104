import type { LightMyRequestResponse } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@cadastro/domain';
import type { TestApp } from '../../test/harness.js';

/** A browser for the redirect flow against the simulator: a cookie jar and manual redirects (tests only). */
export class Navegador {
  readonly cookies = new Map<string, string>();
  constructor(private readonly t: TestApp) {}

  async ir(url: string, o: { method?: 'GET' | 'POST'; form?: Record<string, string | string[]>; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
    const u = new URL(url, 'http://localhost:8080');
    const form = o.form ? new URLSearchParams(Object.entries(o.form).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x] as [string, string]))).toString() : undefined;
    const r = await this.t.app.inject({
      method: o.method ?? 'GET',
      url: u.pathname + u.search,
      headers: { host: u.host, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...o.headers },
      cookies: Object.fromEntries(this.cookies),
      ...(form ? { payload: form } : {}),
    });
    for (const c of r.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const apagado = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (apagado) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return r;
  }

  /** Follows redirects from `url` until an answer that is not one (or one leaving the app's origin). */
  async seguir(url: string, o: Parameters<Navegador['ir']>[1] = {}): Promise<{ r: LightMyRequestResponse; url: string }> {
    let r = await this.ir(url, o);
    let atual = url;
    for (let i = 0; i < 10 && r.statusCode >= 300 && r.statusCode < 400; i++) {
      atual = new URL(String(r.headers.location), new URL(atual, 'http://localhost:8080')).href;
      if (/\/api\/identidade\/\w+\/retorno/.test(atual) || /\/entrada/.test(atual)) return { r, url: atual };
      r = await this.ir(atual);
    }
    return { r, url: atual };
  }

  /**
   * Up to the provider's return: starts the sign-in, picks who signs in on the simulator's screen, and
   * answers the redirect_uri the provider sent the browser to (not yet followed).
   */
  async ateORetorno(provedor: 'govbr' | 'estado', escolha: Record<string, string | string[]>): Promise<string> {
    return this.escolher((await this.tela(provedor)).url, escolha);
  }

  /** A sign-in started, up to the simulator's screen that chooses who signs in: its URL and its page. */
  async tela(provedor: 'govbr' | 'estado'): Promise<{ url: string; html: string }> {
    const tela = await this.seguir(`/api/identidade/${provedor}/entrar`);
    if (tela.r.statusCode !== 200 || !tela.url.includes('/interacao/')) throw new Error(`no choice screen: ${tela.r.statusCode} ${tela.url}`);
    return { url: tela.url, html: tela.r.body };
  }

  /** The screen's form posted: the provider's return URL (not yet followed). */
  async escolher(tela: string, escolha: Record<string, string | string[]>): Promise<string> {
    const fim = await this.seguir(tela, { method: 'POST', form: escolha });
    if (!fim.url.includes('/retorno?')) throw new Error(`no return: ${fim.r.statusCode} ${fim.url} ${fim.r.body.slice(0, 300)}`);
    return fim.url;
  }

  /** The return followed and the session taken as the SPA takes it; the token, or the /entrada?erro= URL. */
  async concluir(retorno: string): Promise<{ token?: string; destino: string }> {
    const r = await this.ir(retorno);
    const destino = String(r.headers.location ?? '');
    if (destino.includes('erro=')) return { destino };
    await this.ir('/api/profile-info');
    const xsrf = this.cookies.get(XSRF_COOKIE) ?? '';
    const s = await this.ir('/api/identidade/sessao', { method: 'POST', headers: { [XSRF_HEADER]: xsrf } });
    if (s.statusCode !== 200) throw new Error(`session not handed: ${s.statusCode} ${s.body}`);
    return { token: s.json<{ id_token: string }>().id_token, destino };
  }

  async entrar(provedor: 'govbr' | 'estado', escolha: Record<string, string | string[]>) {
    return this.concluir(await this.ateORetorno(provedor, escolha));
  }
}
