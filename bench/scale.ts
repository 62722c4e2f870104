// Scale-out (issue #20; docs/performance.md "Scale-out"; figures in docs/performance.md). Run by bench/scale.sh, which owns the temp dir
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
// The public mix (MISTURA=public): the anonymous pages on a notice's deadline day (see publico()).
// Env: SEGUNDOS (20 per phase), AQUECER (5 s of warm-up, not counted), CONEXOES ("20 100"),
// PROCESSOS ("1 2"; "1 2 2 1" alternates, scaling from the means), MISTURA ("clerk", "public", or
// both), RESULTADO=file.json. With PG_STANDBY_DATA (scale.sh REPLICAS=N) the API processes read from
// those standbys and their CPU is shown; MATAR_REPLICA=1 adds a phase per mix where standby 1 is
// killed a third in and restarted two thirds in (PG_CTL: how to run pg_ctl as the cluster's owner).
import fs from 'node:fs';
import os from 'node:os';
import { exec, execSync } from 'node:child_process';
import pg from 'pg';
import { seededRng } from '../packages/domain/src/documents/digits.js';
import { iniciarCarga, resumir, type Evento, type Pedido, type Resumo } from './carga.js';
import type { Resposta } from './http-cliente.js';
import { WAL_HEADER } from '../apps/api/src/db/replicas.js';
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
// The public pages' inputs: requests of some day (the public query asks CNPJ + day), FIC codes issued.
const pedidosPublicos = (await lista(`select cnpj, to_char(data_solicitacao at time zone 'America/Maceio', 'YYYY-MM-DD') from solicitacao
  tablesample system (${Math.min(100, 20 * Number(pct))}) repeatable (31) where cnpj is not null limit 2000`)).map(([cnpj, dia]) => ({ cnpj: cnpj!, dia: dia! }));
const codigosFic = (await lista('select codigo from fic_emissao limit 2000')).map((r) => r[0]!);
// The postmaster (parent of this connection's backend): its CPU and its backends' is PostgreSQL's
// share of the cores (other users' queries included, on a shared server).
const postmaster = Number(fs.readFileSync(`/proc/${(await banco.query('select pg_backend_pid() as p')).rows[0].p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
await banco.end();
console.log(`taxpayers ${contribuintes.toLocaleString('en')}; terms: ${nomes.length} names of 5 kinds, ${cnpjs.length} CNPJs, ${registros.length} registrations, ${empresas.length} companies to flip, ${pedidosPublicos.length} requests and ${codigosFic.length} FIC codes for the public; load average ${cargas()}`);

// ---------------------------------------------------------------- the clerk
interface Pendente { pessoa: number; caceal: number; versao: number; para: number; motivo: number }
/**
 * The WAL position of each clerk's last write, and of each company's, sent back as the SPA does
 * (read-your-writes). Kept across phases: the clerk who flips a company next (another phase, another
 * connection count) reads it as its last writer left it.
 */
const walDosClerks: (string | undefined)[] = [];
const walDasEmpresas = new Map<string, string>();
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
  const proximo = (): Pedido => {
    if (pendente) {
      const p = pendente;
      pendente = undefined;
      return {
        metodo: 'POST', caminho: `${API}/contribuinte/alterarSituacaoPessoa`, rotulo: 'write',
        // Reactivating a company whose CNPJ is INAPTA at the Receita asks the clerk to confirm (issue #30):
        // this clerk has read the warning and confirms, as the screen lets them.
        corpo: { numeroPessoa: p.pessoa, sequencialSituacaoPessoa: p.para, sequencialMotivoPessoa: p.motivo, versoes: [{ numeroCaceal: p.caceal, version: p.versao }], confirmarCnpjInapto: p.para === 1 },
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
    const empresa = proprias[i++ % proprias.length]!;
    const wal = walDasEmpresas.get(empresa);
    return { metodo: 'GET', caminho: `${API}/contribuinte/situacaoPessoa/${empresa}`, rotulo: 'status', ...(wal ? { cabecalhos: { [WAL_HEADER]: wal } } : {}) };
  };
  return {
    proximo: (): Pedido => {
      const p = proximo();
      return p.cabecalhos || !walDosClerks[u] ? p : { ...p, cabecalhos: { [WAL_HEADER]: walDosClerks[u] } };
    },
    /** The status just read, when it was read to be changed: the next request flips it. */
    respondido(p: Pedido, r: Resposta | undefined) {
      const wal = r && new RegExp(`\\r\\n${WAL_HEADER}:\\s*([0-9A-Fa-f/]+)`, 'i').exec(r.cabecalho)?.[1];
      if (wal) walDosClerks[u] = wal;
      if (wal && p.rotulo === 'write') walDasEmpresas.set(String((p.corpo as { numeroPessoa: number }).numeroPessoa), wal);
      const [status, corpo] = [r?.status, r?.corpo];
      if (!lerParaEscrever || p.rotulo !== 'status' || status !== 200) return;
      lerParaEscrever = false;
      const c = JSON.parse(corpo!.toString('utf8')) as { numeroPessoa: number; contribuintes: { numeroCaceal: number; idSituacao: number; version: number }[] };
      const x = c.contribuintes[0];
      if (c.contribuintes.length !== 1 || !x || ![1, 2].includes(x.idSituacao)) return;
      pendente = { pessoa: c.numeroPessoa, caceal: x.numeroCaceal, versao: x.version, para: x.idSituacao === 1 ? 2 : 1, motivo: x.idSituacao === 1 ? 202 : 103 };
    },
  };
}

// ---------------------------------------------------------------- the public
let visitante = 0;
/**
 * The public pages on a notice's deadline day, every request from a new address (many visitors):
 * FIC data 40 %, a company by CNPJ 25 %, the published notices 15 %, a request's status 10 %, a FIC
 * code checked 10 % (FIC data when no code was issued yet). All anonymous GETs: replica reads.
 */
function publico(u: number) {
  const r = seededRng(9_000 + u);
  const de = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  return {
    proximo(): Pedido {
      const v = visitante++;
      const cabecalhos = { 'x-forwarded-for': `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}` };
      const x = r() * 100;
      const fic = () => ({ metodo: 'GET' as const, caminho: `${API}/contribuinte/obterDadosFic/${de(registros).caceal}`, rotulo: 'fic', cabecalhos });
      if (x < 40) return fic();
      if (x < 65) return { metodo: 'GET', caminho: `${API}/contribuinte/obterContribuinte/${de(cnpjs)}`, rotulo: 'company', cabecalhos };
      if (x < 80) return { metodo: 'GET', caminho: `${API}/public/edital/obterTodos?paginaAtual=${Math.floor(r() * 3)}&itensPorPagina=10`, rotulo: 'notices', cabecalhos };
      if (x < 90 && pedidosPublicos.length) {
        const q = de(pedidosPublicos);
        return { metodo: 'GET', caminho: `${API}/public/solicitacao/consultar?cnpj=${q.cnpj}&dataSolicitacao=${q.dia}`, rotulo: 'request', cabecalhos };
      }
      if (x >= 90 && codigosFic.length) return { metodo: 'GET', caminho: `${API}/public/fic/verificar/${de(codigosFic)}`, rotulo: 'fic code', cabecalhos };
      return fic();
    },
    respondido() {},
  };
}

type Mistura = 'clerk' | 'public';
const MISTURAS = (process.env.MISTURA ?? 'clerk').split(/\s+/).filter(Boolean) as Mistura[];
const ROTULOS: Record<Mistura, string[]> = { clerk: ['search', 'detail', 'status', 'history', 'write'], public: ['fic', 'company', 'notices', 'request', 'fic code'] };
const STANDBYS = (process.env.PG_STANDBY_DATA ?? '').split(':').filter(Boolean);
const pidDe = (dir: string) => Number(fs.readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);
/** Standby 1 killed like a crashed host (SIGKILL to the postmaster and every backend); its pids. */
function matarStandby(dir: string) {
  const pid = pidDe(dir);
  const filhos = execSync(`pgrep -P ${pid} || true`, { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  for (const p of [pid, ...filhos]) { try { process.kill(p, 'SIGKILL'); } catch { /* already gone */ } }
  return [pid, ...filhos];
}
const vivo = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Started again once every killed process is gone (they hold its shared memory until then). */
async function reiniciarStandby(dir: string, mortos: number[]) {
  for (let i = 0; i < 100 && mortos.some(vivo); i++) await esperar(50);
  let erro: Error | null = null;
  for (let tentativa = 0; tentativa < 3; tentativa++) {
    erro = await new Promise<Error | null>((feito) => exec(`${process.env.PG_CTL} -D ${dir} -l ${dir}.log -w start`, (e) => feito(e)));
    if (!erro) return null;
    await esperar(1000);
  }
  return erro;
}
const MATAR = process.env.MATAR_REPLICA === '1';

// ---------------------------------------------------------------- phases
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const contagem = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ') || '0';
const linhas: string[] = [];
const resultados: Record<string, unknown> = { contribuintes };
// Every phase of a set-up: PROCESSOS="1 2 2 1" (ABBA) cancels a load that drifts during the run.
const porFase = new Map<string, Resumo[]>();

async function fase(base: string, cab: Record<string, string>, processos: number, usuarios: number, cpu: Record<string, () => number>, mistura: Mistura, replicas: number, matar = false) {
  const montar = () => Array.from({ length: usuarios }, (_, u) => (mistura === 'clerk' ? clerk(u, usuarios) : publico(u)));
  const correr = (quem: ReturnType<typeof montar>, ms: number) => iniciarCarga({
    base, usuarios, duracaoMs: ms, cabecalhos: () => (mistura === 'clerk' ? cab : {}), proximo: (u) => quem[u]!.proximo(), respeitarRetryAfter: true,
    aoResponder: (u, p, r) => quem[u]!.respondido(p, r),
  });
  await correr(montar(), AQUECER * 1000).fim;
  const antes = carga1();
  const medir = medirCpu(cpu);
  const c = correr(montar(), SEGUNDOS * 1000);
  let morto: Promise<void> = Promise.resolve();
  if (matar) {
    // A third in, standby 1 dies; two thirds in, it is started again and catches up.
    morto = (async () => {
      await esperar((SEGUNDOS * 1000) / 3);
      const mortos = matarStandby(STANDBYS[0]!);
      console.log(`   standby 1 killed at ${(c.agora() / 1000).toFixed(1)} s`);
      await esperar((SEGUNDOS * 1000) / 3);
      const t = c.agora();
      const e = await reiniciarStandby(STANDBYS[0]!, mortos);
      console.log(`   standby 1 restarted at ${(t / 1000).toFixed(1)} s, accepting at ${(c.agora() / 1000).toFixed(1)} s${e ? ` (error: ${e.message})` : ''}`);
    })();
  }
  await c.fim;
  const gasto = medir();
  await morto;
  const r = resumir(c.eventos, SEGUNDOS);
  const chave = `${mistura}/${replicas}/${processos}/${usuarios}${matar ? '/killed' : ''}`;
  porFase.set(chave, [...(porFase.get(chave) ?? []), r]);
  const porTipo = (k: string) => resumir(c.eventos.filter((e: Evento) => e.rotulo === k), SEGUNDOS);
  const tipos = ROTULOS[mistura].map((k) => [k, porTipo(k)] as const);
  // A standby restarted during the phase has a new process tree: its CPU is not comparable.
  const cpuTxt = Object.entries(gasto).map(([k, v]) => `${k} ${v < 0 || (matar && k === 'postgres standby 1') ? '— (restarted)' : `${((100 * v) / SEGUNDOS).toFixed(0)} %`}`).join(', ');
  const primario = r.n ? ((gasto.postgres ?? 0) * 1000) / r.n : NaN;
  // The standbys' CPU per request (all of them; unknown in a phase where one was restarted).
  const cpuStandbys = Object.entries(gasto).filter(([k]) => k.startsWith('postgres standby')).map(([, v]) => v);
  const standbys = !replicas ? '–' : matar || cpuStandbys.some((v) => v < 0) ? '—' : ((cpuStandbys.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, r.n)).toFixed(3);
  const l = `| ${mistura}${matar ? ' (standby 1 killed)' : ''} | ${processos} | ${replicas} | ${usuarios} | ${r.n.toLocaleString('en')} | ${r.porSegundo.toFixed(1)} | ${f1(r.p50)} | ${f1(r.p95)} | ${f1(r.p99)} | ${contagem(r.naoOk)}; ${contagem(r.erros)} | ${primario.toFixed(3)} | ${standbys} | ${antes} → ${carga1()} |`;
  linhas.push(l);
  console.log(l);
  console.log(`   by kind (share, p50 / p95 ms): ${tipos.map(([k, x]) => `${k} ${((100 * x.n) / Math.max(1, r.n)).toFixed(1)} %, ${f1(x.p50)} / ${f1(x.p95)}`).join('; ')}`);
  console.log(`   CPU (% of one core): ${cpuTxt}`);
  resultados[`${chave}#${porFase.get(chave)!.length}`] = { ...r, porTipo: Object.fromEntries(tipos), cpu: gasto, primarioMsPorPedido: primario, standbysMsPorPedido: standbys, carga: [antes, carga1()] };
}

const CABECALHO = `| mix | API processes | standbys | connections | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx; no answer | primary CPU per request, ms | standbys' CPU per request, ms | load average (1 min) before → after |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|`;
console.log(`\n${SEGUNDOS} s per phase after ${AQUECER} s of warm-up\n${CABECALHO}`);
const URLS_STANDBY = (process.env.DATABASE_REPLICA_URLS ?? '').split(',').filter(Boolean);
// The set-ups: how many standbys the API reads from (scale.sh REPLICAS="0 1 2"); on DATABASE_URL, all of them.
const CONJUNTOS = STANDBYS.length ? (process.env.REPLICAS ?? String(STANDBYS.length)).split(/\s+/).filter(Boolean).map(Number) : [URLS_STANDBY.length];
const maisProcessos = Math.max(...PROCESSOS);
for (const replicas of CONJUNTOS) {
  const leitura = { DATABASE_URL: URL_BANCO, DATABASE_REPLICA_URLS: URLS_STANDBY.slice(0, replicas).join(',') };
  const apis: Awaited<ReturnType<typeof iniciarApi>>[] = [];
  for (const [k, n] of PROCESSOS.entries()) {
    while (apis.length < n) apis.push(await iniciarApi(`api-${replicas}-${apis.length + 1}`, await portaLivre(), leitura));
    const nginx = await iniciarNginx(apis.slice(0, n).map((a) => a.porta), { enderecoDoCliente: MISTURAS.includes('public') });
    const cab = await entrar(nginx.base, 'auditor');
    const cpu: Record<string, () => number> = { 'bench client': () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }, nginx: () => cpuDe(nginx.processo.pid!, true), postgres: () => cpuDe(postmaster, true) };
    for (const a of apis.slice(0, n)) cpu[a.nome] = () => cpuDe(a.processo.pid!);
    // A standby's postmaster changes when it is restarted: read its pid each time.
    STANDBYS.slice(0, replicas).forEach((d, i) => (cpu[`postgres standby ${i + 1}`] = () => { try { return cpuDe(pidDe(d), true); } catch { return 0; } }));
    for (const mistura of MISTURAS) {
      for (const usuarios of CONEXOES) await fase(nginx.base, cab, n, usuarios, cpu, mistura, replicas);
      // The kill, once per mix and set-up, with the most processes (the last time that count comes up).
      if (MATAR && replicas > 0 && n === maisProcessos && PROCESSOS.lastIndexOf(n) === k) await fase(nginx.base, cab, n, CONEXOES[0]!, cpu, mistura, replicas, true);
    }
    // One nginx at a time: its pid file and temp dirs are the run's.
    nginx.processo.kill('SIGTERM');
    await new Promise((r) => nginx.processo.once('exit', r));
  }
  for (const a of apis) {
    a.processo.kill('SIGTERM');
    await new Promise((r) => a.processo.once('exit', r));
  }
}

console.log(`\n${CABECALHO}\n${linhas.join('\n')}`);
const [menos, mais] = [Math.min(...PROCESSOS), Math.max(...PROCESSOS)];
const media = (rs: Resumo[], f: (r: Resumo) => number) => rs.reduce((t, r) => t + f(r), 0) / rs.length;
if (menos !== mais) {
  for (const mistura of MISTURAS) {
    for (const replicas of CONJUNTOS) {
      for (const usuarios of CONEXOES) {
        const [a, b] = [porFase.get(`${mistura}/${replicas}/${menos}/${usuarios}`)!, porFase.get(`${mistura}/${replicas}/${mais}/${usuarios}`)!];
        const rps = (rs: Resumo[]) => media(rs, (r) => r.porSegundo);
        console.log(`${mistura}, ${replicas} standbys: scaling ${menos} → ${mais} processes at ${usuarios} connections: ×${(rps(b) / rps(a)).toFixed(2)} req/s (means of ${a.length} and ${b.length} phases), p95 ${f1(media(a, (r) => r.p95))} → ${f1(media(b, (r) => r.p95))} ms`);
      }
    }
  }
}
console.log(`cores: ${os.cpus().length}`);
if (process.env.RESULTADO) fs.writeFileSync(process.env.RESULTADO, JSON.stringify(resultados, null, 2));
