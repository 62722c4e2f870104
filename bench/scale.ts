// Scale-out (issue #20; bench/README.md "Scale-out"). Run by bench/scale.sh, which owns the temp dir
// and, without DATABASE_URL, a throwaway cluster with generated data. Here: 1 and then 2 API
// processes behind nginx on loopback, each with a clerk-like mix at 20 and 100 connections (closed
// loop, no think time: the most load that many clerks' screens can make), and the scaling factor.
//
// The mix, in requests: search 50 % (names of the 5 kinds of bench/termos-busca.ts 25 %, CNPJ 12.5 %,
// CACEAL 12.5 %), registration data 35 %, status 7.5 % and history 2.5 %, writes 5 %. A write is what
// the status-change screen does: read the company's status (counted as a status request), then flip
// it ATIVO ⇄ SUSPENSO (motives 202 / 103) against the version just read. Every flip leaves valid
// registry data (the state, its history row and its audit row); each simulated clerk owns its own
// companies, so a 409 would be a defect, not contention.
// Env: SEGUNDOS (20 per phase), AQUECER (5 s of warm-up, not counted), CONEXOES ("20 100"),
// PROCESSOS ("1 2"; "1 2 2 1" alternates, scaling from the means), RESULTADO=file.json. With
// PG_STANDBY_DATA (scale.sh REPLICA=1) the API processes read from that standby and its CPU is shown.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { seededRng } from '../packages/domain/src/documents/digits.js';
import { iniciarCarga, resumir, type Evento, type Pedido, type Resumo } from './carga.js';
import { ambiente, cpuDe, iniciarApi, iniciarNginx, medirCpu, portaLivre } from './reliability-processos.js';
import { termosDaBusca } from './termos-busca.js';
import { cabecalhosDe } from './entrar.js';

const URL_BANCO = ambiente('DATABASE_URL');
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 20);
const AQUECER = Number(process.env.AQUECER ?? 5);
const CONEXOES = (process.env.CONEXOES ?? '20 100').split(/\s+/).filter(Boolean).map(Number);
const PROCESSOS = (process.env.PROCESSOS ?? '1 2').split(/\s+/).filter(Boolean).map(Number);
const API = '/sfz-cadastro-api/api';
const cargas = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const carga1 = () => os.loadavg()[0]!.toFixed(1);

const entrar = (base: string, login: string) => cabecalhosDe(base, login);

// ---------------------------------------------------------------- terms, drawn from the data
const banco = new pg.Client({ connectionString: URL_BANCO });
await banco.connect();
// Samples of a few thousand rows at any size (a block sample of a small table may be empty).
const contribuintes = Number((await banco.query('select count(*) as n from contribuinte')).rows[0].n);
const pct = Math.min(100, Math.max(0.5, (100 * 6_000) / Math.max(1, contribuintes))).toFixed(2);
const lista = async (q: string) => (await banco.query(q)).rows.map((r) => Object.values(r).map(String));
// The 5 kinds need the frequent words of a large registry; a small generated one may lack some
// (no word in 20,000 names): then the first two words of sampled companies fill in.
const nomes = Object.values(await termosDaBusca(banco, 40)).flat();
if (nomes.length < 100) {
  nomes.push(...(await lista(`select nome_busca from pessoa where tipo = 'J' order by md5(numero_pessoa::text) limit ${200 - nomes.length}`)).map((r) => r[0]!.split(' ').slice(0, 2).join(' ')));
}
const cnpjs = (await lista(`select numero_documento from pessoa tablesample system (${pct}) repeatable (31) where tipo = 'J' limit 3000`)).map((r) => r[0]!);
const registros = (await lista(`select numero_caceal, numero_pessoa from contribuinte tablesample system (${pct}) repeatable (31) limit 3000`)).map(([c, p]) => ({ caceal: c!, pessoa: p! }));
// Companies with one registration, ATIVO or SUSPENSO: a flip touches exactly one registration.
const empresas = (await lista(`select p.numero_pessoa from pessoa p tablesample system (${Math.min(100, 2.5 * Number(pct))}) repeatable (31)
  join contribuinte c using (numero_pessoa) where p.tipo = 'J'
  group by p.numero_pessoa having count(*) = 1 and bool_and(c.situacao_id in (1, 2)) limit 4000`)).map((r) => r[0]!);
// The postmaster (parent of this connection's backend): its CPU and its backends' is PostgreSQL's
// share of the cores (other users' queries included, on a shared server).
const postmaster = Number(fs.readFileSync(`/proc/${(await banco.query('select pg_backend_pid() as p')).rows[0].p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
await banco.end();
console.log(`taxpayers ${contribuintes.toLocaleString('en')}; terms: ${nomes.length} names of 5 kinds, ${cnpjs.length} CNPJs, ${registros.length} registrations, ${empresas.length} companies to flip; load average ${cargas()}`);

// ---------------------------------------------------------------- the clerk
type Rotulo = 'search' | 'detail' | 'status' | 'history' | 'write';
interface Pendente { pessoa: number; caceal: number; versao: number; para: number; motivo: number }
/**
 * One simulated clerk: a deterministic run of calls. Draw weights (of 95) give the request shares
 * above: a write draw makes two requests (status read + POST).
 */
function clerk(u: number, usuarios: number) {
  const r = seededRng(7_000 + u);
  const de = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const proprias = empresas.filter((_e, k) => k % usuarios === u);
  let i = 0;
  let lerParaEscrever = false;
  let pendente: Pendente | undefined;
  const enc = encodeURIComponent;
  return {
    proximo(): Pedido {
      if (pendente) {
        const p = pendente;
        pendente = undefined;
        return {
          metodo: 'POST', caminho: `${API}/contribuinte/alterarSituacaoPessoa`, rotulo: 'write',
          corpo: { numeroPessoa: p.pessoa, sequencialSituacaoPessoa: p.para, sequencialMotivoPessoa: p.motivo, versoes: [{ numeroCaceal: p.caceal, version: p.versao }] },
        };
      }
      lerParaEscrever = false;
      const x = r() * 95;
      const busca = `${API}/contribuinte/obterListaContribuintes`;
      if (x < 25) return { metodo: 'GET', caminho: `${busca}/RAZAO_SOCIAL/${enc(de(nomes))}/0/10`, rotulo: 'search' };
      if (x < 37.5) return { metodo: 'GET', caminho: `${busca}/CNPJ/${de(cnpjs)}/0/10`, rotulo: 'search' };
      if (x < 50) return { metodo: 'GET', caminho: `${busca}/CACEAL/${de(registros).caceal}/0/10`, rotulo: 'search' };
      if (x < 85) return { metodo: 'GET', caminho: `${API}/contribuinte/obterDadosCadastrais/porCaceal/${de(registros).caceal}`, rotulo: 'detail' };
      if (x < 87.5) return { metodo: 'GET', caminho: `${API}/contribuinte/situacaoPessoa/${de(registros).pessoa}`, rotulo: 'status' };
      if (x < 90) return { metodo: 'POST', caminho: `${API}/historico/consultar/situacao-cadastral/por-caceal`, rotulo: 'history', corpo: { caceal: Number(de(registros).caceal) } };
      if (!proprias.length) return { metodo: 'GET', caminho: `${API}/contribuinte/situacaoPessoa/${de(registros).pessoa}`, rotulo: 'status' };
      lerParaEscrever = true;
      return { metodo: 'GET', caminho: `${API}/contribuinte/situacaoPessoa/${proprias[i++ % proprias.length]}`, rotulo: 'status' };
    },
    /** The status just read, when it was read to be changed: the next request flips it. */
    respondido(p: Pedido, status: number | undefined, corpo: Buffer | undefined) {
      if (!lerParaEscrever || p.rotulo !== 'status' || status !== 200) return;
      lerParaEscrever = false;
      const c = JSON.parse(corpo!.toString('utf8')) as { numeroPessoa: number; contribuintes: { numeroCaceal: number; idSituacao: number; version: number }[] };
      const x = c.contribuintes[0];
      if (c.contribuintes.length !== 1 || !x || ![1, 2].includes(x.idSituacao)) return;
      pendente = { pessoa: c.numeroPessoa, caceal: x.numeroCaceal, versao: x.version, para: x.idSituacao === 1 ? 2 : 1, motivo: x.idSituacao === 1 ? 202 : 103 };
    },
  };
}

// ---------------------------------------------------------------- phases
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const contagem = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ') || '0';
const linhas: string[] = [];
const resultados: Record<string, unknown> = { contribuintes };
// Every phase of a set-up: PROCESSOS="1 2 2 1" (ABBA) cancels a load that drifts during the run.
const porFase = new Map<string, Resumo[]>();

async function fase(base: string, cab: Record<string, string>, processos: number, usuarios: number, cpu: Record<string, () => number>) {
  const montar = () => Array.from({ length: usuarios }, (_, u) => clerk(u, usuarios));
  const correr = (clerks: ReturnType<typeof montar>, ms: number) => iniciarCarga({
    base, usuarios, duracaoMs: ms, cabecalhos: () => cab, proximo: (u) => clerks[u]!.proximo(), respeitarRetryAfter: true,
    aoResponder: (u, p, r) => clerks[u]!.respondido(p, r?.status, r?.corpo),
  });
  await correr(montar(), AQUECER * 1000).fim;
  const antes = carga1();
  const medir = medirCpu(cpu);
  const c = correr(montar(), SEGUNDOS * 1000);
  await c.fim;
  const gasto = medir();
  const r = resumir(c.eventos, SEGUNDOS);
  porFase.set(`${processos}/${usuarios}`, [...(porFase.get(`${processos}/${usuarios}`) ?? []), r]);
  const porTipo = (k: Rotulo) => resumir(c.eventos.filter((e: Evento) => e.rotulo === k), SEGUNDOS);
  const tipos = (['search', 'detail', 'status', 'history', 'write'] as const).map((k) => [k, porTipo(k)] as const);
  const cpuTxt = Object.entries(gasto).map(([k, v]) => `${k} ${((100 * v) / SEGUNDOS).toFixed(0)} %`).join(', ');
  const l = `| ${processos} | ${usuarios} | ${r.n.toLocaleString('en')} | ${r.porSegundo.toFixed(1)} | ${f1(r.p50)} | ${f1(r.p95)} | ${f1(r.p99)} | ${contagem(r.naoOk)}; ${contagem(r.erros)} | ${antes} → ${carga1()} |`;
  linhas.push(l);
  console.log(l);
  console.log(`   by kind (share, p50 / p95 ms): ${tipos.map(([k, x]) => `${k} ${((100 * x.n) / Math.max(1, r.n)).toFixed(1)} %, ${f1(x.p50)} / ${f1(x.p95)}`).join('; ')}`);
  console.log(`   CPU (% of one core): ${cpuTxt}`);
  resultados[`${processos}x${usuarios}#${porFase.get(`${processos}/${usuarios}`)!.length}`] = { ...r, porTipo: Object.fromEntries(tipos), cpu: gasto, carga: [antes, carga1()] };
}

const CABECALHO = `| API processes | connections | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx; no answer | load average (1 min) before → after |\n|---|---|---|---|---|---|---|---|---|`;
console.log(`\n${SEGUNDOS} s per phase after ${AQUECER} s of warm-up\n${CABECALHO}`);
const apis: Awaited<ReturnType<typeof iniciarApi>>[] = [];
for (const n of PROCESSOS) {
  while (apis.length < n) apis.push(await iniciarApi(`api-${apis.length + 1}`, await portaLivre(), { DATABASE_URL: URL_BANCO }));
  const nginx = await iniciarNginx(apis.slice(0, n).map((a) => a.porta));
  const cab = await entrar(nginx.base, 'auditor');
  const cpu: Record<string, () => number> = { 'bench client': () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }, nginx: () => cpuDe(nginx.processo.pid!, true), postgres: () => cpuDe(postmaster, true) };
  for (const a of apis.slice(0, n)) cpu[a.nome] = () => cpuDe(a.processo.pid!);
  const standby = process.env.PG_STANDBY_DATA;
  if (standby) cpu['postgres standby'] = () => cpuDe(Number(fs.readFileSync(`${standby}/postmaster.pid`, 'utf8').split('\n')[0]), true);
  for (const usuarios of CONEXOES) await fase(nginx.base, cab, n, usuarios, cpu);
  // One nginx at a time: its pid file and temp dirs are the run's.
  nginx.processo.kill('SIGTERM');
  await new Promise((r) => nginx.processo.once('exit', r));
}
for (const a of apis) a.processo.kill('SIGTERM');

console.log(`\n${CABECALHO}\n${linhas.join('\n')}`);
const [menos, mais] = [Math.min(...PROCESSOS), Math.max(...PROCESSOS)];
const media = (rs: Resumo[], f: (r: Resumo) => number) => rs.reduce((t, r) => t + f(r), 0) / rs.length;
if (menos !== mais) {
  for (const usuarios of CONEXOES) {
    const [a, b] = [porFase.get(`${menos}/${usuarios}`)!, porFase.get(`${mais}/${usuarios}`)!];
    const rps = (rs: Resumo[]) => media(rs, (r) => r.porSegundo);
    console.log(`scaling ${menos} → ${mais} processes at ${usuarios} connections: ×${(rps(b) / rps(a)).toFixed(2)} req/s (means of ${a.length} and ${b.length} phases), p95 ${f1(media(a, (r) => r.p95))} → ${f1(media(b, (r) => r.p95))} ms`);
  }
}
console.log(`cores: ${os.cpus().length}`);
if (process.env.RESULTADO) fs.writeFileSync(process.env.RESULTADO, JSON.stringify(resultados, null, 2));
