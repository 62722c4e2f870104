// A lean HTTP/1.1 keep-alive client for latency benchmarks, in the manner of wrk or autocannon: the
// request bytes are written straight to a socket and the response is read by its content-length.
// Node's own clients spend 0.25 ms (node:http) to 0.6 ms (fetch) of the caller's CPU per call
// building and parsing messages; that is the measuring client's cost, not the API's — a browser
// does this natively. Each connection carries one request at a time; parallel calls open more.
// `Conexao` is exported for load generators that hold one connection per simulated user
// (bench/carga.ts): they need every status, not only 200s, and their own deadline.
import net from 'node:net';

export interface Resposta {
  status: number;
  corpo: Buffer;
  /** The status line and headers as received. */
  cabecalho: string;
}

const FIM_CABECALHO = Buffer.from('\r\n\r\n');

export class Conexao {
  private readonly socket: net.Socket;
  private pendente: Buffer[] = [];
  private tamanho = 0;
  private esperando?: { resolve: (r: Resposta) => void; reject: (e: Error) => void };
  fechada = false;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (c: Buffer) => this.recebido(c));
    const falha = (e: Error) => {
      this.fechada = true;
      this.esperando?.reject(e);
      this.esperando = undefined;
    };
    this.socket.on('error', falha);
    this.socket.on('close', () => falha(new Error('connection closed')));
  }

  enviar(requisicao: string, prazoMs = 30_000): Promise<Resposta> {
    return new Promise((resolve, reject) => {
      if (this.fechada) {
        reject(new Error('connection closed'));
        return;
      }
      // A bench must fail, not hang, when a server stops answering.
      const prazo = setTimeout(() => {
        this.fechada = true;
        this.socket.destroy();
        reject(new Error(`no answer in ${prazoMs / 1000} s`));
      }, prazoMs);
      this.esperando = {
        resolve: (r) => (clearTimeout(prazo), resolve(r)),
        reject: (e) => (clearTimeout(prazo), reject(e)),
      };
      this.socket.write(requisicao);
    });
  }

  private recebido(c: Buffer) {
    this.pendente.push(c);
    this.tamanho += c.length;
    const tudo = this.pendente.length === 1 ? c : Buffer.concat(this.pendente, this.tamanho);
    const fim = tudo.indexOf(FIM_CABECALHO);
    if (fim < 0) return;
    const cabecalho = tudo.subarray(0, fim).toString('latin1');
    const status = Number(cabecalho.slice(9, 12));
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(cabecalho);
    // 204 and 304 carry no body and need no length.
    if (!m && status !== 204 && status !== 304) {
      this.esperando?.reject(new Error(`response without content-length: ${cabecalho.split('\r\n')[0]}`));
      this.socket.destroy();
      return;
    }
    const total = fim + 4 + Number(m?.[1] ?? 0);
    if (tudo.length < total) {
      this.pendente = [tudo];
      return;
    }
    this.pendente = [];
    this.tamanho = 0;
    // A server that announces it will close (nginx after keepalive_requests, a server shutting down)
    // must not get the next request on this socket: it would fail as a "connection error".
    if (/\r\nconnection:\s*close/i.test(cabecalho)) {
      this.fechada = true;
      this.socket.end();
    }
    const e = this.esperando!;
    this.esperando = undefined;
    e.resolve({ status, corpo: tudo.subarray(fim + 4, total), cabecalho });
  }

  fechar() {
    this.socket.end();
  }
}

/** GETs over a small pool of keep-alive connections; `get` resolves to the parsed JSON of a 200. */
export function clienteHttp(base: string, cabecalhos: Record<string, string>) {
  const { hostname, port } = new URL(base);
  const linhas = Object.entries({ host: `${hostname}:${port}`, ...cabecalhos }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  const livres: Conexao[] = [];
  const todas: Conexao[] = [];
  return {
    async get(caminho: string): Promise<unknown> {
      let c = livres.pop();
      while (c?.fechada) c = livres.pop();
      if (!c) {
        c = new Conexao(hostname, Number(port));
        todas.push(c);
      }
      const r = await c.enviar(`GET ${caminho} HTTP/1.1\r\n${linhas}\r\n`);
      livres.push(c);
      if (r.status !== 200) throw new Error(`${caminho} → ${r.status}`);
      return JSON.parse(r.corpo.toString('utf8'));
    },
    fechar() {
      for (const c of todas) c.fechar();
    },
  };
}
