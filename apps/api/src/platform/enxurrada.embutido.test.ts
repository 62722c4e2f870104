import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../db/consulta.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let porta: number;
beforeAll(async () => {
  // The defaults of an embedded start (PGlite, MAX_IN_FLIGHT 64, MAX_EVENT_LOOP_DELAY_MS 1000: the harness turns it off), on a real port.
  t = await startTestApp({ MAX_EVENT_LOOP_DELAY_MS: '1000' }, { registry: { taxpayers: 300, seed: 7 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  porta = (t.app.server.address() as AddressInfo).port;
}, 180_000);
afterAll(() => t.close());

interface Resposta {
  status: number;
  retryAfter: string | undefined;
  ms: number;
}

/** One request on a connection of its own: its status line and Retry-After, or status 0 if none came within `prazoMs`. */
function pedir(texto: string, prazoMs: number): Promise<Resposta> {
  const t0 = performance.now();
  return new Promise((ok) => {
    let recebido = '';
    const s = net.connect(porta, '127.0.0.1', () => s.write(texto));
    const fim = () => {
      clearTimeout(prazo);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(recebido)?.[1] ?? 0);
      ok({ status, retryAfter: /\r\nretry-after: *([^\r]*)/i.exec(recebido)?.[1], ms: performance.now() - t0 });
      s.destroy();
    };
    const prazo = setTimeout(fim, prazoMs);
    s.on('data', (d) => {
      recebido += d.toString('latin1');
      if (recebido.includes('\r\n\r\n')) fim();
    });
    s.on('error', fim);
    s.on('close', fim);
  });
}

describe('a flood on the embedded database (real sockets)', () => {
  it('hundreds of connections at once, each a signed-in lookup: every one answered soon (200, or 503 with Retry-After), none left waiting behind the others', async () => {
    // The seed ran on this thread just before: the loop's samples say "behind" until two fresh ones come in.
    let token = '';
    for (let i = 0; !token; i++) {
      token = await t.as('atendente').then((c) => c.token ?? '', (e: Error) => (i < 40 && /503/.test(e.message) ? '' : Promise.reject(e)));
      if (!token) await new Promise((r) => setTimeout(r, 250));
    }
    const caceais = (await query<{ c: string }>(t.db, sql`select numero_caceal::text as c from contribuinte order by id limit 50`)).map((r) => r.c);
    expect(caceais.length).toBeGreaterThan(10);
    const pedido = (i: number) =>
      `GET /sfz-cadastro-api/api/contribuinte/obterDadosCadastrais/porCaceal/${caceais[i % caceais.length]} HTTP/1.1\r\nHost: localhost\r\n` +
      `Authorization: Bearer ${token}\r\nConnection: close\r\n\r\n`;
    // What one lookup costs on this machine now: enough connections for ≥ 8 s of work queued at once,
    // whatever the load (before, the last of them waited for all of it: 300 → 0 × 503, up to 16 s).
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) expect((await pedir(pedido(i), 30_000)).status).toBe(200);
    const custo = (performance.now() - t0) / 20;
    const n = Math.min(1500, Math.max(300, Math.ceil(8000 / custo)));
    const respostas = await Promise.all(Array.from({ length: n }, (_, i) => pedir(pedido(i), 120_000)));
    const porStatus: Record<number, number> = {};
    for (const r of respostas) porStatus[r.status] = (porStatus[r.status] ?? 0) + 1;
    const max = Math.max(...respostas.map((r) => r.ms));
    const info = JSON.stringify({ n, custo: Math.round(custo), porStatus, max: Math.round(max) });
    expect(Object.keys(porStatus).every((s) => s === '200' || s === '503'), info).toBe(true);
    expect(porStatus[200], info).toBeGreaterThan(0);
    // The excess is told to come back, at once: no answer waits for half of the work queued ahead of it.
    expect(porStatus[503] ?? 0, info).toBeGreaterThan(0);
    expect(max, info).toBeLessThan((n * custo) / 2);
    for (const r of respostas) if (r.status === 503) expect(r.retryAfter, info).toMatch(/^\d+$/);
  }, 300_000);
});
