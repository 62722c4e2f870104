import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, QueryConfig } from 'pg';
import { isDatabaseUnreachable } from '../platform/errors/banco.js';
import { comTeto } from './teto.js';

/**
 * Hot-standby replicas (PostgreSQL streaming replication) for the reads of GET requests.
 *
 * The pool drizzle is given is the primary's, with its `query()` routed here: inside a read-only
 * request (see `naRequisicao`) a statement goes to a replica in rotation, else to the primary. Transactions
 * take a connection (`connect()`), which is never routed: every write, and every read inside one,
 * stays on the primary. Who may do what is read on the primary too (`noPrimario`).
 *
 * Read-your-writes: a write's response carries the primary's WAL position after its commit (cookie
 * and header, `WAL_COOKIE`); a later read goes to a replica only if that replica has replayed past
 * it. The poller reads each replica's replay position every `POLL_MS`.
 */
export const WAL_COOKIE = 'cadastro_wal';
export const WAL_HEADER = 'x-cadastro-wal';
const POLL_MS = 200;
/** A replica not heard from for this long is out of rotation (a hung host answers nothing at all). */
const SILENCIO_MS = 800;
const PROBE_TIMEOUT_MS = 500;

/** 'X/Y' (hex) → a number that orders like the WAL; anything else → undefined. */
export function lsnNumero(lsn: string | undefined | null): bigint | undefined {
  const m = lsn ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn.trim()) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : undefined;
}

/**
 * A request as the routing sees it: whether its statements may go to a replica (GET, HEAD) at or past
 * `minLsn`, the replica it got (chosen at its first statement), and whether it wrote on the primary
 * (its answer then hands out the primary's WAL position: `escreveu`).
 */
export interface Requisicao {
  readonly roteada: boolean;
  readonly minLsn: bigint;
  replica?: Replica | null;
  escreveu: boolean;
}
const leitura = new AsyncLocalStorage<Requisicao>();

/** Runs `fn` (the rest of a request) as `r`: a GET's statements allowed on a replica, every request's writes noted. */
export function naRequisicao<T>(r: Requisicao, fn: () => T): T {
  return leitura.run(r, fn);
}

/**
 * Runs `fn` on the primary even inside a GET's replica routing: who may do what (sessions, roles,
 * ownership) is never decided on what a replica has not replayed yet (a sign-out, a role taken away).
 */
export function noPrimario<T>(fn: () => T): T {
  return leitura.exit(fn);
}

/** A statement of a mutating request that only reads (a CTE may write: it counts as a write). */
const SO_LEITURA = /^\s*(?:select|show|values)\b/i;
const textoDe = (arg: unknown) => (typeof arg === 'string' ? arg : (arg as { text?: unknown } | null)?.text);
const soLe = (arg: unknown) => {
  const texto = textoDe(arg);
  return typeof texto === 'string' && SO_LEITURA.test(texto);
};
/** A transaction: the request wrote (or may have); in a GET, the rest of it reads what it wrote, on the primary. */
function marcarEscrita(l: Requisicao) {
  l.escreveu = true;
  if (l.roteada) l.replica = null;
}

export interface EstadoReplica {
  replica: string;
  status: 'UP' | 'DOWN' | 'OUT_OF_SERVICE';
  inRotation: boolean;
  /** How far behind the primary it is (ms); null when it does not answer. */
  lagMs: number | null;
  replayLsn: string | null;
  error?: string;
}

interface Replica {
  nome: string;
  pool: Pool;
  query: (...args: unknown[]) => Promise<unknown>;
  sonda: Pool;
  lsn?: bigint;
  lsnTexto?: string;
  lagMs?: number;
  ouvidaEm: number;
  erro?: string;
}

type Query = (...args: unknown[]) => unknown;

export class Replicas {
  private readonly replicas: Replica[];
  /** The primary pool's own query(), before it was routed. */
  private readonly queryPrimario: Query;
  /** The primary's WAL position over the last seconds, oldest first: a replica's lag is read from it. */
  private amostras: { t: number; lsn: bigint }[] = [];
  /** The furthest the primary is known to have reached: its samples and every position handed out. */
  private alcancado = 0n;
  private proxima = 0;
  private timer: NodeJS.Timeout | undefined;
  private emCurso: Promise<void> | undefined;
  /** Statements a replica answered, and the ones that went to the primary instead (metrics). */
  readonly contagem = { replica: 0, primario: 0, devolvidas: 0 };

  constructor(
    urls: readonly string[],
    private readonly primario: Pool,
    abrir: (url: string, max: number, timeoutMs: number) => Pool,
    poolSize: number,
    private readonly maxLagMs: number,
  ) {
    this.replicas = urls.map((url) => {
      const u = new URL(url);
      const pool = abrir(url, poolSize, 2_000);
      const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      return { nome: `${u.hostname}:${u.port || 5432}${u.pathname}`, pool, query, sonda: abrir(url, 1, PROBE_TIMEOUT_MS), ouvidaEm: 0 };
    });
    this.queryPrimario = primario.query.bind(primario) as Query;
    this.instalar();
  }

  /** Starts the poller; resolves after the first round so a fresh process already reads from replicas. */
  async iniciar() {
    // The probes are a clerk's kind of statement: under that ceiling, the connections' own (teto.ts).
    const sondar = () => comTeto('interativa', () => this.sondar());
    await sondar();
    this.timer = setInterval(() => void (this.emCurso ??= sondar().finally(() => (this.emCurso = undefined))), POLL_MS);
    this.timer.unref();
  }

  /**
   * Routes the primary pool's query() (not its connect(): transactions stay on the primary), and notes
   * on the request whatever wrote: a transaction (connect()), a statement of a mutating request that is
   * not a read, a GET's statement a replica refused as a write.
   */
  private instalar() {
    const queryPrimario = this.queryPrimario;
    const pool = this.primario as unknown as { query: Query; connect: Query };
    const connectPrimario = pool.connect.bind(this.primario) as Query;
    pool.connect = (...args: unknown[]) => {
      const l = leitura.getStore();
      // A transaction takes its connection without a callback; the pool's own query() passes one.
      if (l && !args.some((a) => typeof a === 'function')) marcarEscrita(l);
      return connectPrimario(...args);
    };
    pool.query = (...args: unknown[]) => {
      const l = leitura.getStore();
      // Callback calls (none of ours) stay as they are.
      if (!l || args.some((a) => typeof a === 'function')) return queryPrimario(...args);
      if (!l.roteada) {
        if (!soLe(args[0])) l.escreveu = true;
        return queryPrimario(...args);
      }
      if (l.replica === undefined) l.replica = this.escolher(l.minLsn) ?? null;
      const r = l.replica;
      if (!r) {
        this.contagem.primario++;
        return queryPrimario(...args);
      }
      return r.query(...args).then(
        (res: unknown) => {
          this.contagem.replica++;
          return res;
        },
        (err: unknown) => {
          // Nothing was written by a statement that failed: the primary answers it instead.
          if (!this.devolver(r, err)) throw err;
          if ((err as { code?: string }).code === '25006') l.escreveu = true;
          l.replica = null; // the rest of this request reads from the primary
          this.contagem.devolvidas++;
          return queryPrimario(...args);
        },
      );
    };
  }

  /** Whether a statement that failed on a replica is to be answered by the primary. */
  private devolver(r: Replica, err: unknown): boolean {
    if (isDatabaseUnreachable(err)) {
      r.ouvidaEm = 0; // out of rotation until the poller hears from it again
      r.erro = (err as Error).message;
      return true;
    }
    const code = (err as { code?: string }).code;
    // 25006: a write in a GET (read-only on a standby); 40001: cancelled by a conflict with recovery.
    return code === '25006' || code === '40001';
  }

  private escolher(minLsn: bigint): Replica | undefined {
    const agora = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const r = this.replicas[(this.proxima + i) % this.replicas.length]!;
      if (this.emRotacao(r, agora) && r.lsn! >= minLsn) {
        this.proxima = (this.proxima + i + 1) % this.replicas.length;
        return r;
      }
    }
    return undefined;
  }

  private emRotacao(r: Replica, agora: number) {
    return agora - r.ouvidaEm < SILENCIO_MS && r.lsn !== undefined && r.lagMs !== undefined && r.lagMs <= this.maxLagMs;
  }

  /** The primary's WAL position now: after a commit, what a replica must have replayed to show it. */
  async posicaoPrimario(): Promise<string> {
    const r = (await this.queryPrimario('select pg_current_wal_lsn()::text as lsn')) as { rows: { lsn: string }[] };
    const lsn = r.rows[0]!.lsn;
    const n = lsnNumero(lsn)!;
    if (n > this.alcancado) this.alcancado = n;
    return lsn;
  }

  /**
   * A client's write position as the reads are to honour it. One past what this process has seen (a
   * write answered by another API process since the last sample) is checked with the primary, now;
   * one past even that was never handed out (forged, or of a primary since replaced): it counts as the
   * poller's latest primary sample, which a replica in rotation has replayed — a forged far-future
   * position would otherwise send every read of that client to the primary.
   */
  limitar(lsn: bigint): bigint | Promise<bigint> {
    if (lsn <= this.alcancado) return lsn;
    return this.posicaoPrimario().then(
      () => (lsn <= this.alcancado ? lsn : (this.amostras.at(-1)?.lsn ?? 0n)),
      () => lsn, // the primary does not answer: the position as sent (the reads find their way as before)
    );
  }

  private async sondar() {
    const t = Date.now();
    try {
      const lsn = lsnNumero(await this.posicaoPrimario())!;
      this.amostras.push({ t, lsn });
    } catch {
      // The primary down: the replicas' lag is measured against what was last seen.
    }
    // Enough history to tell a lag somewhat past the bound.
    const guardar = Math.max(10_000, 3 * this.maxLagMs);
    while (this.amostras.length > 2 && this.amostras[0]!.t < t - guardar) this.amostras.shift();
    await Promise.all(this.replicas.map((r) => this.sondarReplica(r)));
  }

  private async sondarReplica(r: Replica) {
    try {
      // pg reads a per-query `query_timeout` at run time; its QueryConfig type does not list it.
      const sonda: QueryConfig = { text: 'select pg_last_wal_replay_lsn()::text as lsn', ...{ query_timeout: PROBE_TIMEOUT_MS } };
      const q = await r.sonda.query<{ lsn: string | null }>(sonda);
      const texto = q.rows[0]?.lsn;
      const lsn = lsnNumero(texto);
      if (lsn === undefined) throw new Error('not a standby (pg_last_wal_replay_lsn() is null)');
      r.lsn = lsn;
      r.lsnTexto = texto!;
      r.lagMs = this.atraso(lsn, Date.now());
      r.ouvidaEm = Date.now();
      r.erro = undefined;
    } catch (err) {
      r.lagMs = undefined;
      r.erro = (err as Error).message;
    }
  }

  /**
   * How long ago the primary was where the replica is now: the latest sample the replica has
   * replayed. An idle primary writes nothing, so a replica that has everything lags 0.
   */
  private atraso(lsn: bigint, agora: number): number {
    const s = this.amostras;
    if (!s.length) return 0;
    if (lsn >= s.at(-1)!.lsn) return 0;
    for (let i = s.length - 1; i > 0; i--) if (s[i - 1]!.lsn <= lsn) return agora - s[i]!.t;
    return agora - s[0]!.t;
  }

  estado(): EstadoReplica[] {
    const agora = Date.now();
    return this.replicas.map((r) => {
      const ouvida = agora - r.ouvidaEm < SILENCIO_MS && r.lagMs !== undefined;
      const emRotacao = this.emRotacao(r, agora);
      return {
        replica: r.nome,
        status: emRotacao ? 'UP' : ouvida ? 'OUT_OF_SERVICE' : 'DOWN',
        inRotation: emRotacao,
        lagMs: ouvida ? r.lagMs! : null,
        replayLsn: r.lsnTexto ?? null,
        ...(r.erro && !emRotacao ? { error: r.erro } : {}),
      };
    });
  }

  async close() {
    clearInterval(this.timer);
    await this.emCurso;
    await Promise.all(this.replicas.flatMap((r) => [r.pool.end(), r.sonda.end()]));
  }
}
