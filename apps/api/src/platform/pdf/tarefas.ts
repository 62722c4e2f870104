import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { EstadoTarefaPdf } from '@cadastro/domain';
import type { Db } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { noPrimario } from '../../db/replicas.js';
import { HttpProblem, notFound, tooManyRequests } from '../errors/problem.js';
import type { TarefasPosResposta } from '../tarefas.js';

/** What a job's work reports as it goes: the rows read (the file is being laid out from then on). */
export interface AvancoTarefa {
  linhas(n: number): void;
}

/** Finished files one user may keep waiting at once: past it, the oldest goes (a clerk printing report after report). */
const PRONTAS_POR_USUARIO = 5;
/** A job still unfinished this long after it started died with its process (the PDF lane gives up after 60 s): it counts no more. */
const VIVA_MS = 5 * 60_000;

interface Linha {
  id: string;
  fase: EstadoTarefaPdf['fase'];
  segundos: number;
  linhas: number | null;
  bytes: number;
  erro: EstadoTarefaPdf['erro'] | null;
}

/**
 * PDFs rendered in the background (a report of thousands of rows takes seconds): the caller gets a job
 * id at once, asks for its state, then fetches the file. Kept in the database (tarefa_pdf), so any
 * replica answers; read on the primary (who owns a job is not decided on a replica that has not
 * replayed it). Jobs belong to the user who started them (any other gets 404, as if it did not exist),
 * at most `porUsuario` run at once per user (one more → 429), and a finished job is kept `ttlMs`.
 */
export class TarefasPdf {
  /** `posResposta`: runs the work after the answer and lets shutdown wait for it before the database closes. */
  constructor(
    private readonly db: () => Db,
    private readonly posResposta: TarefasPosResposta,
    private readonly opts: { porUsuario: number; ttlMs: number; aoFalhar?: (e: unknown) => void },
  ) {}

  /** Starts `gerar` after the answer; throws 429 when the user already has `porUsuario` running. */
  async iniciar(dono: number, arquivo: string, gerar: (avanco: AvancoTarefa) => Promise<Readable>): Promise<EstadoTarefaPdf> {
    const id = crypto.randomUUID();
    await this.db().transaction(async (tx) => {
      // The user's row locked first: two clicks at once count each other.
      await tx.execute(sql`select 1 from usuario where id = ${dono} for update`);
      await tx.execute(sql`delete from tarefa_pdf where expira_em < now()`);
      const vivas = await queryOne<{ n: number }>(tx, sql`select count(*)::int n from tarefa_pdf
        where usuario_id = ${dono} and expira_em is null and iniciada_em > now() - make_interval(secs => ${VIVA_MS / 1000})`);
      if ((vivas?.n ?? 0) >= this.opts.porUsuario) {
        throw tooManyRequests(`You already have ${this.opts.porUsuario} PDF(s) being generated; wait for them to finish.`, 5);
      }
      await tx.execute(sql`delete from tarefa_pdf where id in (select id from tarefa_pdf where usuario_id = ${dono} and expira_em is not null
        order by iniciada_em desc offset ${PRONTAS_POR_USUARIO - 1})`);
      await tx.execute(sql`insert into tarefa_pdf (id, usuario_id, arquivo, fase) values (${id}, ${dono}, ${arquivo}, 'consultando')`);
    });
    // Read before the job starts: the answer is the job as created, whatever pace the work then takes.
    const criada = await this.ler(id, dono);
    this.posResposta.run('background report PDF', () => this.executar(id, gerar));
    return criada;
  }

  /** The job's state, for its owner only. */
  async ler(id: string, dono: number): Promise<EstadoTarefaPdf> {
    const t = await noPrimario(() => queryOne<Linha>(this.db(), sql`select id, fase, round(extract(epoch from now() - iniciada_em)::numeric, 1)::float8 segundos,
      linhas, bytes, erro from tarefa_pdf where id = ${id} and usuario_id = ${dono} and (expira_em is null or expira_em > now())`));
    // Someone else's job answers as a missing one: its existence is not told either.
    if (!t) throw notFound('No such PDF job (it may have expired).');
    return { id: t.id, fase: t.fase, segundos: t.segundos, bytes: t.bytes, ...(t.linhas !== null ? { linhas: t.linhas } : {}), ...(t.erro ? { erro: t.erro } : {}) };
  }

  /** The finished file, for its owner only: 409 while it is being made, the job's own problem if it failed. */
  async arquivo(id: string, dono: number): Promise<{ corpo: Buffer; arquivo: string }> {
    const t = await noPrimario(() => queryOne<{ fase: string; arquivo: string; conteudo: Buffer | Uint8Array | null; erro: NonNullable<EstadoTarefaPdf['erro']> | null }>(this.db(),
      sql`select fase, arquivo, conteudo, erro from tarefa_pdf where id = ${id} and usuario_id = ${dono} and (expira_em is null or expira_em > now())`));
    if (!t) throw notFound('No such PDF job (it may have expired).');
    if (t.erro) throw new HttpProblem(t.erro.status, t.erro.detail ?? '', { message: t.erro.message, params: t.erro.params, limite: t.erro.limite, alternativa: t.erro.alternativa });
    if (t.fase !== 'pronta' || !t.conteudo) throw new HttpProblem(409, 'The PDF is not ready yet.', { message: 'relatorio.pdfEmPreparo' });
    return { corpo: Buffer.from(t.conteudo), arquivo: t.arquivo };
  }

  private async executar(id: string, gerar: (avanco: AvancoTarefa) => Promise<Readable>) {
    const db = this.db();
    const ttl = this.opts.ttlMs / 1000;
    let lidas: Promise<unknown> = Promise.resolve();
    try {
      const corpo = await gerar({ linhas: (n) => (lidas = db.execute(sql`update tarefa_pdf set fase = 'montando', linhas = ${n} where id = ${id}`).catch((err: unknown) => this.opts.aoFalhar?.(err))) });
      const partes: Buffer[] = [];
      for await (const parte of corpo as AsyncIterable<Buffer>) partes.push(parte);
      await lidas;
      const pdf = Buffer.concat(partes);
      await db.execute(sql`update tarefa_pdf set fase = 'pronta', conteudo = ${pdf}, bytes = ${pdf.length}, expira_em = now() + make_interval(secs => ${ttl}) where id = ${id}`);
    } catch (e) {
      if (!(e instanceof HttpProblem) || e.status >= 500) this.opts.aoFalhar?.(e);
      const p = e instanceof HttpProblem ? e : new HttpProblem(500, 'The PDF could not be generated.', { message: 'documento.erroImpressao' });
      const erro = { status: p.status, message: p.opts.message, detail: p.detail, params: p.opts.params, limite: p.opts.limite, alternativa: p.opts.alternativa };
      await lidas;
      await db.execute(sql`update tarefa_pdf set fase = 'falhou', erro = ${JSON.stringify(erro)}::jsonb, expira_em = now() + make_interval(secs => ${ttl}) where id = ${id}`)
        .catch((err: unknown) => this.opts.aoFalhar?.(err));
    }
  }
}
