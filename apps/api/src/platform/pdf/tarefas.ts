import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EstadoTarefaPdf } from '@cadastro/domain';
import { HttpProblem, notFound, tooManyRequests } from '../errors/problem.js';

/** What a job's work reports as it goes: the rows read, then the bytes of the file as they are rendered. */
export interface AvancoTarefa {
  linhas(n: number): void;
}

interface Tarefa {
  id: string;
  dono: number;
  arquivo: string;
  fase: EstadoTarefaPdf['fase'];
  iniciadaEm: number;
  /** Set once the file is done (or failed): the job is dropped this long after. */
  expiraEm?: number;
  linhas?: number;
  bytes: number;
  partes: Buffer[];
  erro?: HttpProblem;
}

/** Finished files one user may keep waiting at once: past it, the oldest goes (a clerk printing report after report). */
const PRONTAS_POR_USUARIO = 5;

/**
 * PDFs rendered in the background (a report of thousands of rows takes seconds): the caller gets a job
 * id at once, asks for its state, then fetches the file. Jobs belong to the user who started them (any
 * other gets 404, as if it did not exist), at most `porUsuario` run at once per user (one more → 429),
 * and a finished job is kept `ttlMs` for its owner, then dropped. Held in this process's memory: the
 * file is a few MB at most (the rows are bounded by REPORT_PDF_MAX_ROWS).
 */
export class TarefasPdf {
  private readonly tarefas = new Map<string, Tarefa>();
  private readonly limpeza: NodeJS.Timeout;

  constructor(private readonly opts: { porUsuario: number; ttlMs: number; aoFalhar?: (e: unknown) => void }) {
    this.limpeza = setInterval(() => this.expirar(), Math.min(60_000, opts.ttlMs)).unref();
  }

  /** Starts `gerar` after the answer; throws 429 when the user already has `porUsuario` running. */
  iniciar(dono: number, arquivo: string, gerar: (avanco: AvancoTarefa) => Promise<Readable>): EstadoTarefaPdf {
    this.expirar();
    const minhas = [...this.tarefas.values()].filter((t) => t.dono === dono);
    if (minhas.filter((t) => !t.expiraEm).length >= this.opts.porUsuario) {
      throw tooManyRequests(`You already have ${this.opts.porUsuario} PDF(s) being generated; wait for them to finish.`, 5);
    }
    const prontas = minhas.filter((t) => t.expiraEm);
    for (const t of prontas.slice(0, Math.max(0, prontas.length - PRONTAS_POR_USUARIO + 1))) this.tarefas.delete(t.id);
    const t: Tarefa = { id: crypto.randomUUID(), dono, arquivo, fase: 'consultando', iniciadaEm: Date.now(), bytes: 0, partes: [] };
    this.tarefas.set(t.id, t);
    void this.executar(t, gerar);
    return this.estado(t);
  }

  /** The job's state, for its owner only. */
  ler(id: string, dono: number): EstadoTarefaPdf {
    return this.estado(this.daPessoa(id, dono));
  }

  /** The finished file, for its owner only: 409 while it is being made, the job's own problem if it failed. */
  arquivo(id: string, dono: number): { corpo: Buffer; arquivo: string } {
    const t = this.daPessoa(id, dono);
    if (t.erro) throw t.erro;
    if (t.fase !== 'pronta') throw new HttpProblem(409, 'The PDF is not ready yet.', { message: 'relatorio.pdfEmPreparo' });
    return { corpo: Buffer.concat(t.partes), arquivo: t.arquivo };
  }

  close() {
    clearInterval(this.limpeza);
    this.tarefas.clear();
  }

  private daPessoa(id: string, dono: number): Tarefa {
    this.expirar();
    const t = this.tarefas.get(id);
    // Someone else's job answers as a missing one: its existence is not told either.
    if (!t || t.dono !== dono) throw notFound('No such PDF job (it may have expired).');
    return t;
  }

  private async executar(t: Tarefa, gerar: (avanco: AvancoTarefa) => Promise<Readable>) {
    await new Promise((r) => setImmediate(r));
    try {
      const corpo = await gerar({ linhas: (n) => { t.linhas = n; t.fase = 'montando'; } });
      t.fase = 'montando';
      for await (const parte of corpo as AsyncIterable<Buffer>) {
        t.partes.push(parte);
        t.bytes += parte.length;
      }
      t.fase = 'pronta';
    } catch (e) {
      t.fase = 'falhou';
      t.partes = [];
      if (!(e instanceof HttpProblem) || e.status >= 500) this.opts.aoFalhar?.(e);
      t.erro = e instanceof HttpProblem ? e : new HttpProblem(500, 'The PDF could not be generated.', { message: 'documento.erroImpressao' });
    } finally {
      t.expiraEm = Date.now() + this.opts.ttlMs;
    }
  }

  private expirar() {
    const agora = Date.now();
    for (const [id, t] of this.tarefas) if (t.expiraEm !== undefined && t.expiraEm <= agora) this.tarefas.delete(id);
  }

  private estado(t: Tarefa): EstadoTarefaPdf {
    return {
      id: t.id,
      fase: t.fase,
      segundos: Math.round((Date.now() - t.iniciadaEm) / 100) / 10,
      ...(t.linhas !== undefined ? { linhas: t.linhas } : {}),
      bytes: t.bytes,
      ...(t.erro ? { erro: { status: t.erro.status, message: t.erro.opts.message, detail: t.erro.detail, params: t.erro.opts.params, limite: t.erro.opts.limite, alternativa: t.erro.opts.alternativa } } : {}),
    };
  }
}
