import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let porta: number;
beforeAll(async () => {
  // Short timeouts so the test sees them act; MAX_IN_FLIGHT stays the embedded default (64).
  t = await startTestApp({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '3000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  porta = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => t.close());

/** A client that sends a POST's headers and the start of its body, then nothing: what it gets back, once closed. */
function clienteLento(): { resposta: Promise<string>; socket: net.Socket } {
  const socket = net.connect(porta, '127.0.0.1');
  // With the CSRF pair (double submit), so the guard lets it through to the body.
  socket.write(
    'POST /api/authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n' +
      'Cookie: XSRF-TOKEN=lento\r\nX-XSRF-TOKEN: lento\r\n\r\n{"username":',
  );
  let recebido = '';
  socket.on('data', (d) => (recebido += d.toString('latin1')));
  const resposta = new Promise<string>((ok) => {
    socket.on('close', () => ok(recebido));
    socket.on('error', () => {});
  });
  return { resposta, socket };
}

describe('slow clients (real sockets)', () => {
  it('64 connections that never finish their body do not stop a signed-in clerk from being served; the server lets them go with 408', async () => {
    const atendente = await t.as('atendente');
    let lidos = 0;
    const contar = (req: { method?: string }) => {
      if (req.method === 'POST') lidos++;
    };
    // The HTTP server's 'request' event: the headers are read and Fastify has run its onRequest hooks' first step.
    t.app.server.on('request', contar);
    const lentos = Array.from({ length: 64 }, clienteLento);
    try {
      for (let i = 0; lidos < 64 && i < 400; i++) await new Promise((r) => setTimeout(r, 25));
      expect(lidos).toBe(64);
      const r = await fetch(`http://127.0.0.1:${porta}/api/account`, { headers: { authorization: `Bearer ${atendente.token}` } });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { login: string }).login).toBe('atendente');
      // The request timeout (3 s here, checked every second) answers them 408 and closes the connections.
      const respostas = await Promise.all(lentos.map((l) => l.resposta));
      for (const resposta of respostas) expect(resposta).toMatch(/^HTTP\/1\.1 408 /);
      expect(problemaDe(respostas[0]!)).toMatchObject({ type: '/problem/problem-with-message', status: 408 });
    } finally {
      t.app.server.off('request', contar);
      for (const l of lentos) l.socket.destroy();
    }
  }, 60_000);

  it('a client that never finishes its headers is let go too', async () => {
    const socket = net.connect(porta, '127.0.0.1');
    socket.write('GET /api/account HTTP/1.1\r\nHost: localhost\r\n');
    let recebido = '';
    socket.on('data', (d) => (recebido += d.toString('latin1')));
    const fechou = await new Promise<boolean>((ok) => {
      socket.on('close', () => ok(true));
      socket.on('error', () => {});
      setTimeout(() => ok(false), 20_000).unref();
    });
    expect(fechou).toBe(true);
    expect(recebido).toMatch(/^HTTP\/1\.1 408 /);
    expect(problemaDe(recebido)).toMatchObject({ status: 408, title: 'Request Timeout', message: 'error.http.408' });
  }, 30_000);

  it('bytes that are not HTTP and headers too large are answered problem+json too, echoing nothing', async () => {
    const lixo = await bruto('GARBAGE \u0001<script>\r\n\r\n');
    expect(lixo).toMatch(/^HTTP\/1\.1 400 /);
    expect(problemaDe(lixo)).toMatchObject({ status: 400, message: 'error.http.400' });
    expect(lixo).not.toContain('script');
    const enorme = await bruto(`GET /api/account HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(enorme).toMatch(/^HTTP\/1\.1 431 /);
    expect(problemaDe(enorme)).toMatchObject({ status: 431, message: 'error.http.431' });
  }, 30_000);
});

/** Sends raw bytes; what came back once the server closed the connection. */
function bruto(texto: string): Promise<string> {
  const socket = net.connect(porta, '127.0.0.1');
  socket.write(texto);
  let recebido = '';
  socket.on('data', (d) => (recebido += d.toString('latin1')));
  return new Promise((ok) => {
    socket.on('close', () => ok(recebido));
    socket.on('error', () => {});
  });
}

/** The problem+json body of a raw HTTP answer (its content type checked). */
function problemaDe(resposta: string): unknown {
  const [cabecalhos, corpo] = resposta.split('\r\n\r\n');
  expect(cabecalhos).toMatch(/content-type: application\/problem\+json/i);
  return JSON.parse(corpo ?? '');
}
