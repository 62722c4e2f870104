// Closed-loop load: N simulated users, each on its own keep-alive connection (bench/http-cliente.ts),
// sending its next request as soon as the previous one is answered (no think time: the most load N
// users can make). Every answer is kept with its start time, so a window (the seconds around a
// kill or a database restart) can be summarised apart from the whole run.
import { Conexao, type Resposta } from './http-cliente.js';

export interface Pedido {
  metodo: 'GET' | 'POST';
  caminho: string;
  /** Kind of call, for the summary ("CACEAL", "escrita"…). */
  rotulo: string;
  corpo?: unknown;
  /** Headers of this request alone (a public visitor's own address, for instance). */
  cabecalhos?: Record<string, string>;
}

/** One request as seen by the client. status 0 = no HTTP answer (see `erro`). */
export interface Evento {
  /** Which simulated user (fairness: did every user get answers?). */
  usuario: number;
  /** Start, ms since the run began. */
  t: number;
  ms: number;
  status: number;
  rotulo: string;
  erro?: string;
}

export interface Resumo {
  n: number;
  segundos: number;
  porSegundo: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx, by status. */
  naoOk: Record<string, number>;
  /** Requests with no HTTP answer, by cause (connection refused/reset/closed, timeout). */
  erros: Record<string, number>;
}

const pct = (xs: Float64Array, p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN);

export function resumir(eventos: readonly Evento[], segundos: number): Resumo {
  const ms = Float64Array.from(eventos, (e) => e.ms).sort();
  const naoOk: Record<string, number> = {};
  const erros: Record<string, number> = {};
  for (const e of eventos) {
    if (e.status === 0) erros[e.erro!] = (erros[e.erro!] ?? 0) + 1;
    else if (e.status < 200 || e.status > 299) naoOk[e.status] = (naoOk[e.status] ?? 0) + 1;
  }
  return {
    n: eventos.length, segundos, porSegundo: eventos.length / segundos,
    p50: pct(ms, 0.5), p95: pct(ms, 0.95), p99: pct(ms, 0.99), max: ms.length ? ms[ms.length - 1]! : NaN, naoOk, erros,
  };
}

/** Short, stable names for what a socket reports, so they can be counted. */
function causa(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code) return err.code;
  if (/no answer/.test(err.message)) return 'timeout';
  if (/closed/.test(err.message)) return 'connection closed';
  return err.message.slice(0, 60);
}

export interface Carga {
  /** Resolves when every user has stopped (after `parar()` or the duration). */
  fim: Promise<void>;
  eventos: Evento[];
  /** The first attempts `repetirComoNavegador` sent again (not in `eventos`: the retry's outcome is). */
  repetidos: Evento[];
  /** ms since the run began. */
  agora(): number;
  parar(): void;
}

/**
 * Starts `usuarios` closed-loop users against `base`. `proximo(usuario, n)` gives each user's next
 * request; `aoResponder` sees every outcome (the write phase records what each acknowledged write
 * changed). A user whose connection fails opens a new one and goes on, after a short pause so a
 * refused port is not hammered in a tight loop.
 */
export function iniciarCarga(opts: {
  base: string;
  usuarios: number;
  duracaoMs: number;
  cabecalhos: (usuario: number) => Record<string, string>;
  proximo: (usuario: number, n: number) => Pedido | Promise<Pedido>;
  aoResponder?: (usuario: number, pedido: Pedido, r: Resposta | undefined, e: Evento) => void | Promise<void>;
  prazoMs?: number;
  /**
   * A 503 with Retry-After makes this user wait that long, as a well-behaved client does; without
   * it a shed user would retry at once and spin (thousands of 503s a second that only measure the
   * spinning). Off where the point is to see how soon the API answers again (a restart).
   */
  respeitarRetryAfter?: boolean;
  /**
   * A GET whose reused keep-alive connection closes before any answer is sent again once on a new
   * connection, as browsers do (RFC 9112 §9.3.1): the server or proxy closed an idle connection as the
   * request went out. Counted in `repetidos`; never a POST.
   */
  repetirComoNavegador?: boolean;
}): Carga {
  const { hostname, port } = new URL(opts.base);
  const inicio = performance.now();
  const agora = () => performance.now() - inicio;
  const eventos: Evento[] = [];
  const repetidos: Evento[] = [];
  let parado = false;
  const fimDoPrazo = setTimeout(() => (parado = true), opts.duracaoMs);
  const usuario = async (u: number) => {
    const linhas = Object.entries({ host: `${hostname}:${port}`, ...opts.cabecalhos(u) }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    let c = new Conexao(hostname, Number(port));
    let usos = 0; // requests already answered on `c`: a failure on a reused connection may be a stale one
    for (let n = 0; !parado; n++) {
      const p = await opts.proximo(u, n);
      if (parado) break;
      const corpo = p.corpo === undefined ? '' : JSON.stringify(p.corpo);
      const proprios = p.cabecalhos ? Object.entries(p.cabecalhos).map(([k, v]) => `${k}: ${v}\r\n`).join('') : '';
      const req = `${p.metodo} ${p.caminho} HTTP/1.1\r\n${linhas}${proprios}${corpo ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(corpo)}\r\n` : ''}\r\n${corpo}`;
      if (c.fechada) { c = new Conexao(hostname, Number(port)); usos = 0; }
      const t = agora();
      let r: Resposta | undefined;
      let ev: Evento;
      try {
        r = await c.enviar(req, opts.prazoMs ?? 30_000);
        ev = { usuario: u, t, ms: agora() - t, status: r.status, rotulo: p.rotulo };
      } catch (e) {
        ev = { usuario: u, t, ms: agora() - t, status: 0, rotulo: p.rotulo, erro: causa(e) };
        if (opts.repetirComoNavegador && p.metodo === 'GET' && usos > 0 && ['connection closed', 'ECONNRESET', 'EPIPE'].includes(ev.erro!)) {
          repetidos.push(ev);
          c.fechar();
          c = new Conexao(hostname, Number(port));
          usos = 0;
          try {
            r = await c.enviar(req, opts.prazoMs ?? 30_000);
            ev = { usuario: u, t, ms: agora() - t, status: r.status, rotulo: p.rotulo };
          } catch (e2) {
            ev = { usuario: u, t, ms: agora() - t, status: 0, rotulo: p.rotulo, erro: causa(e2) };
          }
        }
      }
      usos++;
      eventos.push(ev);
      await opts.aoResponder?.(u, p, r, ev);
      if (r?.status === 503 && opts.respeitarRetryAfter) {
        const espera = Number(/\r\nretry-after:\s*(\d+)/i.exec(r.cabecalho)?.[1] ?? 1);
        await new Promise((res) => setTimeout(res, espera * 1000));
      }
      if (!r) {
        c.fechar();
        c = new Conexao(hostname, Number(port));
        usos = 0;
        await new Promise((res) => setTimeout(res, 50));
      }
    }
    c.fechar();
  };
  const fim = Promise.all(Array.from({ length: opts.usuarios }, (_, u) => usuario(u))).then(() => clearTimeout(fimDoPrazo));
  return { fim, eventos, repetidos, agora, parar: () => (parado = true) };
}
