import os from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { HttpProblem } from '../errors/problem.js';
import type { DocumentoPdf } from './documento.js';
import type { MensagemPdf } from './motor.js';

/** One core stays with the event loop; at most two render threads (each holds a whole document). */
export const trabalhadoresPadrao = () => Math.max(1, Math.min(2, os.availableParallelism() - 1));

// From the TypeScript sources (tsx, vitest) the worker must register tsx first: trabalhador.mjs does.
const ENTRADA = new URL(import.meta.url.endsWith('.ts') ? './trabalhador.mjs' : './trabalhador.js', import.meta.url);

/** The queue is full: the caller gets a 503 with Retry-After rather than an ever longer wait. */
export class FilaPdfCheia extends HttpProblem {
  constructor() {
    super(503, 'Too many documents are being printed right now; try again in a few seconds.', { message: 'error.http.503', retryAfterSeconds: 5 });
  }
}

/** One document: its bytes are pushed as they arrive (a file is a few MB at most, so no backpressure to the worker). */
class Tarefa {
  readonly saida = new Readable({ read() {} });
  private iniciada = false;
  timer: NodeJS.Timeout | undefined;
  constructor(readonly doc: DocumentoPdf, private readonly iniciar: (s: Readable) => void, private readonly falhar: (e: Error) => void) {}

  /** True when the document is over. The stream is handed out with its first bytes, so an error before them is a clean 500. */
  receber(m: MensagemPdf): boolean {
    if (m.tipo === 'erro') {
      this.abortar(new Error(`PDF rendering failed: ${m.mensagem}`));
      return true;
    }
    // A client that went away destroyed the stream: the rest is dropped.
    if (!this.saida.destroyed) this.saida.push(m.tipo === 'dados' ? Buffer.from(m.dados.buffer, m.dados.byteOffset, m.dados.byteLength) : null);
    if (!this.iniciada) {
      this.iniciada = true;
      this.iniciar(this.saida);
    }
    return m.tipo === 'fim';
  }

  abortar(e: Error) {
    if (this.iniciada) this.saida.destroy(e);
    else {
      this.iniciada = true;
      this.falhar(e);
    }
  }
}

/** One lane of render threads with its own bounded queue. */
class Faixa {
  private readonly todos = new Set<Worker>();
  private livres: Worker[] = [];
  private readonly ocupados = new Map<Worker, Tarefa>();
  private readonly fila: Tarefa[] = [];
  private fechado = false;

  constructor(readonly trabalhadores: number, private readonly maxFila: number, private readonly limiteMs: number) {}

  get iniciados(): number {
    return this.todos.size;
  }

  render(doc: DocumentoPdf): Promise<Readable> {
    if (this.fechado) return Promise.reject(new Error('PDF pool is closed'));
    if (this.trabalhadores === 0) return this.noEventLoop(doc);
    if (this.fila.length >= this.maxFila) return Promise.reject(new FilaPdfCheia());
    return new Promise((resolve, reject) => {
      this.fila.push(new Tarefa(doc, resolve, reject));
      this.despachar();
    });
  }

  async close(): Promise<void> {
    this.fechado = true;
    for (const t of this.fila.splice(0)) t.abortar(new Error('PDF pool is closing'));
    const fim = [...this.todos].map((w) => w.terminate());
    for (const w of [...this.todos]) this.descartar(w, new Error('PDF pool is closing'));
    await Promise.all(fim);
  }

  private despachar() {
    while (this.fila.length) {
      let w = this.livres.pop();
      if (!w) {
        if (this.todos.size >= this.trabalhadores) return;
        w = this.criar();
      }
      const t = this.fila.shift()!;
      const trabalhador = w;
      this.ocupados.set(w, t);
      w.ref();
      // A document that never finishes (a layout loop) must not hold a thread forever.
      t.timer = setTimeout(() => this.descartar(trabalhador, new Error(`PDF rendering took over ${this.limiteMs} ms`)), this.limiteMs);
      try {
        w.postMessage(t.doc);
      } catch (e) {
        // Not plain data (a function in the content): the caller's mistake, the worker is fine.
        this.liberar(w);
        t.abortar(e as Error);
      }
    }
  }

  private criar(): Worker {
    const w = new Worker(ENTRADA, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    this.todos.add(w);
    w.on('message', (m: MensagemPdf) => {
      if (this.ocupados.get(w)?.receber(m)) this.liberar(w);
    });
    // An uncaught error or out of memory ends the worker: its document fails, the next one gets a new worker.
    w.on('error', (e) => this.descartar(w, e));
    w.on('exit', (code) => this.descartar(w, new Error(`PDF worker exited (${code})`)));
    return w;
  }

  private liberar(w: Worker) {
    clearTimeout(this.ocupados.get(w)?.timer);
    this.ocupados.delete(w);
    // An idle worker does not keep the process alive.
    w.unref();
    this.livres.push(w);
    this.despachar();
  }

  private descartar(w: Worker, e: Error) {
    if (!this.todos.delete(w)) return;
    const t = this.ocupados.get(w);
    this.ocupados.delete(w);
    this.livres = this.livres.filter((x) => x !== w);
    if (t) {
      clearTimeout(t.timer);
      t.abortar(e);
    }
    void w.terminate();
    if (!this.fechado) this.despachar();
  }

  private async noEventLoop(doc: DocumentoPdf): Promise<Readable> {
    const { renderizar } = await import('./motor.js');
    return new Promise((resolve, reject) => {
      const t = new Tarefa(doc, resolve, reject);
      renderizar(doc, (m) => t.receber(m)).catch((e: Error) => t.abortar(e));
    });
  }
}

/**
 * Renders PDFs on worker threads, so a long document never stalls other requests: plain data goes in
 * (DocumentoPdf), bytes come back as a stream. Workers start on first use and are replaced if one dies;
 * waiting documents are bounded. Documents anyone can have printed (`publico`: the published notices,
 * a FIC printed by anyone but the registry's staff) have a thread and a queue of their own, so the
 * public can never fill what the staff's sheets and reports use. `trabalhadores: 0` renders on the
 * event loop (only to compare, in bench/).
 */
export class PdfPool {
  private readonly equipe: Faixa;
  private readonly publico: Faixa;

  constructor(opts: { trabalhadores?: number; fila?: number; filaPublica?: number; limiteMs?: number } = {}) {
    const trabalhadores = opts.trabalhadores ?? trabalhadoresPadrao();
    const limiteMs = opts.limiteMs ?? 60_000;
    this.equipe = new Faixa(trabalhadores, opts.fila ?? 32, limiteMs);
    this.publico = new Faixa(Math.min(1, trabalhadores), opts.filaPublica ?? 4, limiteMs);
  }

  /** The staff's render threads (the public lane has one more of its own). */
  get trabalhadores(): number {
    return this.equipe.trabalhadores;
  }

  /** Render threads running now (started on first use or by aquecer). */
  get iniciados(): number {
    return this.equipe.iniciados + this.publico.iniciados;
  }

  /** Resolves with the PDF's bytes as a stream once they start; rejects if rendering fails before. */
  render(doc: DocumentoPdf, opcoes: { publico?: boolean } = {}): Promise<Readable> {
    return (opcoes.publico ? this.publico : this.equipe).render(doc);
  }

  /**
   * Starts the staff's render threads and has each lay out a small document once, so the first clerk to
   * print after a start does not pay for loading pdfmake, the fonts and cold code (a 5,000-row notice:
   * 4.5–8.2 s cold against 2.8–4.2 s warm, docs/performance.md). Resolves when all are warm; never rejects.
   */
  async aquecer(doc: DocumentoPdf): Promise<void> {
    if (this.trabalhadores === 0) return;
    const vez = async () => {
      const corpo = await this.render(doc);
      for await (const _ of corpo) void _;
    };
    // Sent together, so each thread gets one (a thread takes the next document only when free).
    await Promise.allSettled(Array.from({ length: this.trabalhadores }, vez));
  }

  async close(): Promise<void> {
    await Promise.all([this.equipe.close(), this.publico.close()]);
  }
}

