// Issue 29, item 6: 64 clients that send a POST's headers and never finish the body, beside a
// signed-in clerk. Before the fix each counted as a request in progress (MAX_IN_FLIGHT is 64 embedded)
// and every other request got 503 until they went away; now the clerk must be served and the server
// must let them go (408) after HTTP_REQUEST_TIMEOUT_MS.
//
// A phase of bench/reliability.ts (on the embedded process), or alone, quick:
//   node --import tsx bench/lentos.ts     (a fresh embedded API of its own; API_ROOT = another checkout)
// Env: LENTOS (64), SEGUNDOS_LENTOS (10), ESPERA_LENTOS_S (90: then the bench closes them itself),
// HTTP_REQUEST_TIMEOUT_MS passed to the API started here (default 30000).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iniciarCarga, resumir, type Pedido, type Resumo } from './carga.js';

export interface ResultadoLentos {
  lentos: number;
  /** Slow requests the server had read the headers of (and still held open) when the clerk started. */
  abertosNoInicio: number;
  clerk: Resumo;
  /** How the slow connections ended: first status line (or "closed without answer"), and after how long. */
  finais: Record<string, number>;
  fechadosS: { min: number; max: number };
}

/** One slow client: headers with a Content-Length of 1,000 and the CSRF pair, 12 bytes of body, then nothing. */
function lento(base: URL) {
  const t0 = performance.now();
  const s = net.connect(Number(base.port), base.hostname);
  s.write('POST /api/authenticate HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n' +
    'Cookie: XSRF-TOKEN=lento\r\nX-XSRF-TOKEN: lento\r\n\r\n{"username":');
  let recebido = '';
  s.on('data', (d) => (recebido += d.toString('latin1')));
  s.on('error', () => {});
  const fim = new Promise<{ status: string; s: number }>((ok) =>
    s.on('close', () => ok({ status: recebido.split('\r\n')[0] || 'closed without answer', s: (performance.now() - t0) / 1000 })));
  return { s, fim, aberto: () => !s.destroyed && !recebido };
}

export async function faseClientesLentos(opts: { base: string; cabecalhos: Record<string, string>; proximo: () => Pedido; lentos?: number; segundos?: number; esperaFimS?: number }): Promise<ResultadoLentos> {
  const n = opts.lentos ?? 64;
  const segundos = opts.segundos ?? 10;
  const url = new URL(opts.base);
  const lentos = Array.from({ length: n }, () => lento(url));
  await new Promise((r) => setTimeout(r, 1000)); // their headers are read by now
  const abertosNoInicio = lentos.filter((l) => l.aberto()).length;
  const carga = iniciarCarga({ base: opts.base, usuarios: 1, duracaoMs: segundos * 1000, cabecalhos: () => opts.cabecalhos, proximo: () => opts.proximo(), prazoMs: 30_000, respeitarRetryAfter: true });
  await carga.fim;
  const clerk = resumir(carga.eventos, segundos);
  // The server lets them go after its request timeout; past esperaFimS the bench closes them itself.
  const prazo = setTimeout(() => lentos.forEach((l) => l.s.destroy()), (opts.esperaFimS ?? 90) * 1000);
  const fins = await Promise.all(lentos.map((l) => l.fim));
  clearTimeout(prazo);
  const finais: Record<string, number> = {};
  for (const f of fins) finais[f.status] = (finais[f.status] ?? 0) + 1;
  const tempos = fins.map((f) => f.s);
  return { lentos: n, abertosNoInicio, clerk, finais, fechadosS: { min: n ? Math.min(...tempos) : 0, max: n ? Math.max(...tempos) : 0 } };
}

export function textoLentos(r: ResultadoLentos): string {
  const c = r.clerk;
  const naoOk = Object.entries(c.naoOk).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';
  return `${r.lentos} slow clients (${r.abertosNoInicio} open when the clerk started): clerk ${c.n} requests in ${c.segundos} s, ` +
    `${c.n - Object.values(c.naoOk).reduce((a, b) => a + b, 0) - Object.values(c.erros).reduce((a, b) => a + b, 0)} served, non-2xx ${naoOk}, ` +
    `p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms; slow clients ended: ${Object.entries(r.finais).map(([k, v]) => `${v} × ${k}`).join(', ')}, ` +
    `after ${r.fechadosS.min.toFixed(1)}–${r.fechadosS.max.toFixed(1)} s`;
}

// ---------------------------------------------------------------- alone: an embedded API of its own
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lentos-'));
  process.env.BENCH_TMP = tmp;
  process.env.PG_DATA ??= tmp;
  fs.writeFileSync(path.join(tmp, 'pids'), '');
  const { iniciarApi, portaLivre } = await import('./reliability-processos.js');
  const { cabecalhosDe } = await import('./entrar.js');
  try {
    const api = await iniciarApi('embutido-lentos', await portaLivre(), { DATABASE_URL: '', TRUST_PROXY: 'off' });
    const clerk = await cabecalhosDe(api.base, 'atendente');
    const r = await faseClientesLentos({
      base: api.base, cabecalhos: clerk, lentos: Number(process.env.LENTOS ?? 64), segundos: Number(process.env.SEGUNDOS_LENTOS ?? 10),
      proximo: () => ({ metodo: 'GET', caminho: '/api/account', rotulo: 'account' }), esperaFimS: Number(process.env.ESPERA_LENTOS_S ?? 90),
    });
    console.log(textoLentos(r));
    api.processo.kill('SIGTERM');
    await new Promise((ok) => api.processo.once('exit', ok));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
