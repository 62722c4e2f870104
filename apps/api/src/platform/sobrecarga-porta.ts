import type { Server } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export interface OpcoesPorta {
  /** Asked once per new connection: shed it? */
  recusar: () => boolean;
  /** Told of each connection answered 503. */
  recusada: () => void;
  /** The problem+json body of the 503. */
  corpo: string;
  /** Paths (GET) always handed on to the HTTP server: the liveness probe. */
  nuncaRecusar: string[];
  /** How often the accept queue is probed (ms; 0 = never). */
  sondaMs?: number;
  /** Headers every answer carries (HSTS over https). */
  cabecalhos?: Record<string, string>;
}

/**
 * Sheds new connections at the door. On embedded PGlite the SQL runs on the event loop, so a saturated
 * process accepts connections late and then serves the requests it read earlier first: a clerk queued
 * in the kernel waited over 10 s for a 503 Fastify would have sent at once. Here a connection accepted
 * while the process is behind is answered before the HTTP parser and Fastify see it: its first chunk
 * is read (answering before reading it could reset the answer away), then 503 + Retry-After and close.
 */
export function recusarNaPorta(server: Server, opcoes: OpcoesPorta) {
  // Node's HTTP server handles a connection in its own 'connection' listener: ours decides first.
  const http = server.listeners('connection') as ((s: Socket) => void)[];
  server.removeAllListeners('connection');
  const entregar = (s: Socket) => {
    for (const l of http) l.call(server, s);
  };
  const resposta =
    'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json; charset=utf-8\r\nRetry-After: 1\r\n' +
    Object.entries(opcoes.cabecalhos ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join('') +
    `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(opcoes.corpo)}\r\n\r\n${opcoes.corpo}`;
  const sempre = opcoes.nuncaRecusar.map((u) => `GET ${u} `);
  const fila = sondarFila(server, opcoes.sondaMs ?? 0);
  server.on('connection', (s: Socket) => {
    if (fila.eSonda(s)) return;
    if (!opcoes.recusar()) return entregar(s);
    const aoErro = () => s.destroy();
    s.on('error', aoErro);
    s.setTimeout(10_000, () => s.destroy());
    s.once('data', (primeiro: Buffer) => {
      if (sempre.some((p) => primeiro.toString('latin1', 0, p.length) === p)) {
        // A busy process is not a dead one: the probe goes to the HTTP server with its bytes put back.
        s.setTimeout(0);
        s.off('error', aoErro);
        s.pause();
        s.unshift(primeiro);
        entregar(s);
        s.resume();
        return;
      }
      // The rest of the request (a body) is read and dropped until the client closes.
      s.on('data', () => {});
      s.end(resposta);
      opcoes.recusada();
    });
  });
  return { esperaNaFila: fila.espera };
}

/**
 * How long a new connection waits in the kernel before this process accepts it. While the thread is
 * busy, Node accepts a few connections at a time (PGlite's SQL runs on it): 300 connections at once sat
 * in the accept queue for up to 16 s, served one by one, while the in-progress count was 1 and the
 * loop never late — nothing the process saw. So it connects to itself every `sondaMs`: the time until
 * its own probe is accepted is the queue's wait, and a probe not accepted for that long already says so.
 */
function sondarFila(server: Server, sondaMs: number) {
  let desde = 0;
  let pendente = false;
  let ultima = 0;
  let sonda: Socket | undefined;
  let relogio: NodeJS.Timeout | undefined;
  const sondar = () => {
    if (pendente || !server.listening) return;
    const a = server.address() as AddressInfo | null;
    if (!a || typeof a !== 'object') return;
    const host = a.address === '0.0.0.0' ? '127.0.0.1' : a.address === '::' ? '::1' : a.address;
    pendente = true;
    desde = performance.now();
    const esta = net.connect({ port: a.port, host });
    sonda = esta;
    esta.unref();
    const fim = () => {
      if (sonda === esta) pendente = false;
    };
    esta.on('error', fim);
    esta.on('close', fim);
  };
  if (sondaMs > 0) {
    server.on('listening', () => {
      relogio = setInterval(sondar, sondaMs);
      relogio.unref();
    });
    server.on('close', () => clearInterval(relogio));
  }
  return {
    eSonda(s: Socket): boolean {
      // Its local port is known once the kernel connected it, which is before this process accepts it.
      if (!pendente || !sonda || s.remotePort !== sonda.localPort || s.remoteAddress !== sonda.localAddress) return false;
      ultima = performance.now() - desde;
      pendente = false;
      s.destroy();
      sonda?.destroy();
      return true;
    },
    /** The wait of the last probe accepted, or of the one still waiting if it is longer. */
    espera: () => Math.max(ultima, pendente ? performance.now() - desde : 0),
  };
}
