import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandling } from './errors/handler.js';
import { registerLoadShedding, type OpcoesSobrecarga } from './sobrecarga.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with the shedding alone and a route that answers when the test says so. */
async function montar(opcoes: OpcoesSobrecarga) {
  app = Fastify();
  registerErrorHandling(app);
  const sobrecarga = registerLoadShedding(app, opcoes);
  const pendentes: (() => void)[] = [];
  app.get('/lento', () => new Promise<string>((r) => pendentes.push(() => r('ok'))));
  app.get('/rapido', async () => 'ok');
  app.get('/management/health/liveness', async () => ({ status: 'UP' }));
  await app.ready();
  return { app, sobrecarga, liberar: () => pendentes.splice(0).forEach((f) => f()), pendentes };
}

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Sends raw bytes on a new connection; what came back when the server closed it (or after 10 s). */
function bruto(porta: number, texto: string): Promise<string> {
  return new Promise((ok) => {
    const s = net.connect(porta, '127.0.0.1', () => s.write(texto));
    let recebido = '';
    s.on('data', (d) => (recebido += d.toString('latin1')));
    s.on('error', () => {});
    s.on('close', () => ok(recebido));
    setTimeout(() => s.destroy(), 10_000).unref();
  });
}

/** Holds the thread, as a synchronous PGlite query does. */
const ocupar = (ms: number) => {
  const fim = performance.now() + ms;
  while (performance.now() < fim);
};

describe('load shedding', () => {
  it('beyond the requests in progress: 503 problem+json with Retry-After at once; served again when they finish', async () => {
    const { app, sobrecarga, liberar, pendentes } = await montar({ maxEmCurso: 2, maxAtrasoMs: 0 });
    const a = app.inject('/lento');
    const b = app.inject('/lento');
    while (pendentes.length < 2) await dormir(5);
    const recusado = await app.inject('/rapido');
    expect(recusado.statusCode).toBe(503);
    expect(recusado.headers['retry-after']).toBe('1');
    expect(recusado.headers['content-type']).toContain('application/problem+json');
    // The liveness probe is never shed: a busy process is not a dead one.
    expect((await app.inject('/management/health/liveness')).statusCode).toBe(200);
    liberar();
    expect([(await a).statusCode, (await b).statusCode]).toEqual([200, 200]);
    expect((await app.inject('/rapido')).statusCode).toBe(200);
    expect(sobrecarga.descartados()).toBe(1);
    expect(sobrecarga.emCurso()).toBe(0);
  });

  it('when the event loop stays behind (embedded PGlite: the queue is in the sockets) new requests are shed', async () => {
    // The real timer: the thread held 1.2 s at a time, several samples running (a loaded machine only
    // makes the samples later, never earlier).
    const { app, sobrecarga } = await montar({ maxEmCurso: 1000, maxAtrasoMs: 400, amostraMs: 100 });
    expect((await app.inject('/rapido')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      ocupar(1200);
      await dormir(1);
    }
    expect(sobrecarga.atrasoMs()).toBeGreaterThan(400);
    const recusado = await app.inject('/rapido');
    expect(recusado.statusCode).toBe(503);
    expect(recusado.headers['retry-after']).toBe('1');
    expect((await app.inject('/management/health/liveness')).statusCode).toBe(200);
  });

  it('the decision: two late samples running shed; one late sample alone (a big import, a GC) does not; caught up → served', async () => {
    const { app, sobrecarga } = await montar({ maxEmCurso: 1000, maxAtrasoMs: 400, amostraMs: 0 });
    const status = async () => (await app.inject('/rapido')).statusCode;
    sobrecarga.registrarAtraso(0);
    sobrecarga.registrarAtraso(1500);
    expect(await status()).toBe(200);
    sobrecarga.registrarAtraso(900);
    expect(await status()).toBe(503);
    sobrecarga.registrarAtraso(20);
    expect(await status()).toBe(200);
    expect(sobrecarga.descartados()).toBe(1);
  });

  it('embedded: while the loop is behind, a new connection gets the 503 at the door, before the HTTP server parses it; the liveness probe still passes', async () => {
    const { app, sobrecarga } = await montar({ maxEmCurso: 1000, maxAtrasoMs: 400, amostraMs: 0, naPorta: true, https: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const porta = (app.server.address() as AddressInfo).port;
    let lidos = 0;
    app.server.on('request', () => lidos++);
    sobrecarga.registrarAtraso(900);
    sobrecarga.registrarAtraso(900);
    // Only the request line: an HTTP server would wait for the rest of the headers before answering.
    const recusada = await bruto(porta, 'GET /rapido HTTP/1.1\r\n');
    expect(recusada).toMatch(/^HTTP\/1\.1 503 /);
    expect(recusada).toMatch(/\r\nRetry-After: 1\r\n/);
    // Over https, HSTS too (issue #39 §11: every answer).
    expect(recusada).toMatch(/\r\nStrict-Transport-Security: max-age=15552000\r\n/);
    expect(recusada).toMatch(/\r\nContent-Type: application\/problem\+json/);
    expect(JSON.parse(recusada.slice(recusada.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 503, message: 'error.http.503' });
    expect(lidos).toBe(0);
    expect(await bruto(porta, 'GET /management/health/liveness HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    sobrecarga.registrarAtraso(0);
    sobrecarga.registrarAtraso(0);
    expect(await bruto(porta, 'GET /rapido HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    expect(sobrecarga.descartados()).toBe(1);
  });
});
