import { buffer } from 'node:stream/consumers';
import type { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';
import { registerErrorHandling } from '../errors/handler.js';
import { documentoAquecimento } from './aquecimento.js';
import { tabela } from './blocos.js';
import { PdfPool, sendPdf, type DocumentoPdf } from './documento.js';
import { FilaPdfCheia } from './pool.js';

const linhas = (n: number) => Array.from({ length: n }, (_, i) => [String(i + 1).padStart(6, '0'), `Contribuinte de teste número ${i + 1} LTDA`, 'ATIVO', 'Motivo qualquer']);
const documento = (n: number): DocumentoPdf => ({ titulo: 'Teste', subtitulo: `${n} linhas`, conteudo: [tabela(['CACEAL', 'Razão social', 'Situação', 'Motivo'], linhas(n), 'Nada', [60, '*', 70, 130])] });
// Any URL is refused by the access policy: the render fails inside the worker.
const invalido: DocumentoPdf = { titulo: 'Quebrado', conteudo: [{ image: 'https://example.com/x.png' }] };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

describe('PDF worker pool', () => {
  it('a 1,000-row PDF renders off the event loop: requests meanwhile are answered long before it ends', async () => {
    const pool = t.built.ctx.pdf;
    expect(pool.trabalhadores).toBeGreaterThan(0);
    await buffer(await pool.render(documento(3))); // the worker starts on first use: not what is measured
    const t0 = performance.now();
    let fimPdf: number | undefined;
    const pdf = pool.render(documento(1000)).then(buffer).then((b) => {
      fimPdf = performance.now() - t0;
      return b;
    });
    const latencias: number[] = [];
    while (fimPdf === undefined) {
      const a = performance.now();
      expect((await t.client().get('/api/profile-info')).statusCode).toBe(200);
      latencias.push(performance.now() - a);
      await new Promise((r) => setTimeout(r, 5));
    }
    const bytes = await pdf;
    // Rendered on the event loop, one request would wait for the whole layout (hundreds of ms).
    expect(latencias.length).toBeGreaterThan(5);
    expect(Math.max(...latencias)).toBeLessThan(fimPdf / 4);
    const { paginas, texto } = await textoDoPdf(bytes);
    expect(paginas).toBeGreaterThan(20);
    expect(texto).toContain('Contribuinte de teste número 1000 LTDA');
    expect(texto).toContain(`Página ${paginas} de ${paginas}`);
  });

  it('an error inside the worker rejects that document only (500 problem+json), and the worker goes on', async () => {
    const pool = t.built.ctx.pdf;
    await expect(pool.render(invalido)).rejects.toThrow(/PDF rendering failed/);
    expect((await textoDoPdf(await buffer(await pool.render(documento(2))))).texto).toContain('Contribuinte de teste número 2 LTDA');

    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/ruim', (_req, reply) => sendPdf(reply, pool, invalido, 'x.pdf'));
    app.get('/bom', (_req, reply) => sendPdf(reply, pool, documento(2), 'lista.pdf', { disposicao: 'attachment' }));
    const r = await app.inject({ method: 'GET', url: '/ruim' });
    expect(r.statusCode).toBe(500);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.headers['content-disposition']).toBeUndefined();
    const ok = await app.inject({ method: 'GET', url: '/bom' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe('attachment; filename="lista.pdf"');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await app.close();
  });

  it('aquecer starts every render thread with the warm-up document; a document after it renders as usual', async () => {
    const pool = new PdfPool({ trabalhadores: 2 });
    try {
      expect(pool.iniciados).toBe(0);
      await pool.aquecer(documentoAquecimento());
      expect(pool.iniciados).toBe(2);
      const { texto } = await textoDoPdf(await buffer(await pool.render(documento(2))));
      expect(texto).toContain('Contribuinte de teste número 2 LTDA');
      expect(pool.iniciados).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a worker that dies fails its document only; the next document gets a new worker', async () => {
    const pool = new PdfPool({ trabalhadores: 1 });
    try {
      await buffer(await pool.render(documento(1)));
      const [w] = (pool as unknown as { equipe: { todos: Set<Worker> } }).equipe.todos;
      const pendente = pool.render(documento(1000));
      await w!.terminate();
      await expect(pendente).rejects.toThrow(/exited/);
      expect((await textoDoPdf(await buffer(await pool.render(documento(2))))).texto).toContain('Contribuinte de teste número 2 LTDA');
    } finally {
      await pool.close();
    }
    await expect(pool.render(documento(1))).rejects.toThrow(/closed/);
  });

  it('a document over its time limit is abandoned (its worker too)', async () => {
    const pool = new PdfPool({ trabalhadores: 1, limiteMs: 30 });
    try {
      await expect(pool.render(documento(1000))).rejects.toThrow(/took over 30 ms/);
    } finally {
      await pool.close();
    }
  });

  it('the waiting line is bounded: beyond it, 503 with Retry-After', async () => {
    const pool = new PdfPool({ trabalhadores: 1, fila: 1 });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/lista', (_req, reply) => sendPdf(reply, pool, documento(300), 'lista.pdf'));
    try {
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/lista' })));
      expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
      expect(c!.statusCode).toBe(503);
      expect(c!.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(c!.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await pool.close();
    }
  });

  it('public documents have a thread and a queue of their own: with the public queue full, a staff document is still rendered', async () => {
    const pool = new PdfPool({ trabalhadores: 1, fila: 1, filaPublica: 1 });
    try {
      // One public document rendering, one waiting: the public lane is full.
      const publicos = [pool.render(documento(1500), { publico: true }), pool.render(documento(1500), { publico: true })];
      await expect(pool.render(documento(1), { publico: true })).rejects.toBeInstanceOf(FilaPdfCheia);
      const { texto } = await textoDoPdf(await buffer(await pool.render(documento(2))));
      expect(texto).toContain('Contribuinte de teste número 2 LTDA');
      for (const p of publicos) expect((await buffer(await p)).subarray(0, 5).toString()).toBe('%PDF-');
      expect(pool.iniciados).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('PDF_WORKERS=0 renders on the event loop (the bench compares it), same bytes out', async () => {
    const pool = new PdfPool({ trabalhadores: 0 });
    try {
      const { texto } = await textoDoPdf(await buffer(await pool.render({ ...documento(2), rodape: 'Código X', emitidoEm: '2026-01-02T15:04:00Z' })));
      expect(texto).toContain('Emitido em 02/01/2026 12:04 (horário de Maceió) · Código X');
    } finally {
      await pool.close();
    }
  });
});
