// Reliability under load (docs/performance.md, "Reliability"). Run by bench/reliability.sh, which owns the
// PostgreSQL cluster, the generated data and the temp dir. Here: two API processes behind nginx, then
//   A. read load: USUARIOS closed-loop clerks for SEGUNDOS_A s;
//   B. writes (status changes) plus reads; one API process killed with SIGKILL in the middle; every
//      acknowledged write checked in the database (status-history row and audit row);
//   D. a notice confirmed while clerks change the statuses of the companies it cites (every linked
//      registration changed or listed: bench/reliability-edital.ts);
//   C. PostgreSQL restarted (pg_ctl restart -m fast) under read load;
//   then the embedded PGlite process alone (no nginx), 64 slow clients beside a signed-in clerk on it
//   (bench/lentos.ts; LENTOS=0 skips), and a summary table.
// Usage (through the wrapper): npm run bench:reliability [-- N]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ambiente, cpuDe, dormir, iniciarApi, iniciarNginx, medirCpu, PG_DATA, portaLivre, postmaster, TMP, vivo } from './reliability-processos.js';
import { iniciarCarga, resumir, type Evento, type Resumo } from './carga.js';
import { cabecalhosDe } from './entrar.js';
import { faseClientesLentos, textoLentos } from './lentos.js';
import { faseEdital } from './reliability-edital.js';
import { mistura, termos } from './mistura-atendente.js';

const numero = (nome: string, padrao: number) => Number(process.env[nome] ?? padrao);
const URL_BANCO = ambiente('DATABASE_URL');
const PG_BIN = ambiente('PG_BIN');
const PGLITE_DIR = process.env.PGLITE_DIR;
const CONTRIBUINTES = Number(process.argv[2] ?? 0);
const USUARIOS = numero('USUARIOS', 200);
const SEGUNDOS_A = numero('SEGUNDOS_A', 60);
const SEGUNDOS_B = numero('SEGUNDOS_B', 25);
const MATAR_EM = numero('MATAR_EM', 10);
const ESCRITORES = numero('ESCRITORES', 8);
const LEITORES_B = numero('LEITORES_B', 50);
const SEGUNDOS_C = numero('SEGUNDOS_C', 20);
const REINICIAR_EM = numero('REINICIAR_EM', 5);
const LEITORES_C = numero('LEITORES_C', 50);
const SEGUNDOS_EMBUTIDO = numero('SEGUNDOS_EMBUTIDO', 30);
const EMBUTIDO = process.env.EMBUTIDO !== '0' && PGLITE_DIR;

// ---------------------------------------------------------------- sign-in and requests
const entrar = (base: string, login: string) => cabecalhosDe(base, login);


// ---------------------------------------------------------------- report
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const contagem = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ') || '0';
const linhas: string[] = [];
function linha(fase: string, usuarios: number, r: Resumo, extra = '') {
  const l = `| ${fase} | ${usuarios} | ${r.segundos.toFixed(0)} | ${r.n.toLocaleString('en')} | ${r.porSegundo.toFixed(0)} | ${f1(r.p50)} | ${f1(r.p95)} | ${f1(r.p99)} | ${f1(r.max)} | ${contagem(r.naoOk)} | ${contagem(r.erros)} |${extra ? ` ${extra}` : ''}`;
  linhas.push(l);
  console.log(l);
}
/** Answers per simulated user: an unfair server serves some users many times while others wait. */
function justica(eventos: readonly Evento[], usuarios: number) {
  const n = new Array<number>(usuarios).fill(0);
  for (const e of eventos) if (e.status) n[e.usuario]!++;
  n.sort((a, b) => a - b);
  return `answers per user: min ${n[0]}, p10 ${n[Math.floor(usuarios / 10)]}, median ${n[usuarios >> 1]}, max ${n.at(-1)}`;
}
const CABECALHO = '| run | users | s | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | non-2xx by status | no answer (cause) |';
const cpuTexto = (c: Record<string, number>, s: number, n: number) =>
  Object.entries(c).map(([k, v]) => `${k} ${v.toFixed(1)} s (${((100 * v) / s).toFixed(0)} % of a core, ${((1000 * v) / n).toFixed(2)} ms/req)`).join('; ');
const resultados: Record<string, unknown> = { contribuintes: CONTRIBUINTES, usuarios: USUARIOS };
const logDe = (nome: string) => { try { return fs.readFileSync(path.join(TMP, `${nome}.log`), 'utf8'); } catch { return ''; } };

// ---------------------------------------------------------------- run
const banco = new pg.Client({ connectionString: URL_BANCO });
await banco.connect();
const t = await termos(banco);
console.log(`\ntaxpayers: ${CONTRIBUINTES.toLocaleString('en')}; terms: ${t.caceais.length} CACEAL, ${t.cnpjs.length} CNPJ, ${t.nomes.length} names; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

const [p1, p2] = [await portaLivre(), await portaLivre()];
// Both replicas start at the same moment, as an orchestrator starts them.
let t0 = performance.now();
const [api1, api2] = await Promise.all([iniciarApi('api-1', p1, { DATABASE_URL: URL_BANCO }), iniciarApi('api-2', p2, { DATABASE_URL: URL_BANCO })]);
console.log(`two API processes ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (ports ${p1}, ${p2})`);
const nginx = await iniciarNginx([p1, p2]);
console.log(`nginx on ${nginx.base}`);
const atendente = await entrar(nginx.base, 'atendente');
const auditor = await entrar(nginx.base, 'auditor');
const cpuCliente = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const cpuApis = () => ({ 'bench client': cpuCliente, 'api-1': () => cpuDe(api1.processo.pid!), 'api-2': () => cpuDe(api2.processo.pid!), nginx: () => cpuDe(nginx.processo.pid!, true), postgres: () => cpuDe(postmaster(), true) });

console.log('\n' + CABECALHO + '\n|---|---|---|---|---|---|---|---|---|---|---|');
// --- A: reads. 5 s of warm-up first (JIT, pools, caches), not counted.
{
  const mix = Array.from({ length: USUARIOS }, (_, u) => mistura(t, 1000 + u));
  const aquecer = iniciarCarga({ base: nginx.base, usuarios: USUARIOS, duracaoMs: 5_000, cabecalhos: () => atendente, proximo: (u) => mix[u]!() });
  await aquecer.fim;
  const cpu = medirCpu(cpuApis());
  const a = iniciarCarga({ base: nginx.base, usuarios: USUARIOS, duracaoMs: SEGUNDOS_A * 1000, cabecalhos: () => atendente, proximo: (u) => mix[u]!(), respeitarRetryAfter: true });
  await a.fim;
  const r = resumir(a.eventos, SEGUNDOS_A);
  const c = cpu();
  linha('A: reads via nginx, 2 processes + PostgreSQL', USUARIOS, r);
  const porTipo = Object.fromEntries(['CACEAL', 'CNPJ', 'RAZAO_SOCIAL', 'dados'].map((k) => [k, resumir(a.eventos.filter((e) => e.rotulo === k), SEGUNDOS_A)]));
  console.log(`   by call: ${Object.entries(porTipo).map(([k, x]) => `${k} p50 ${f1(x.p50)} p95 ${f1(x.p95)}`).join('; ')}`);
  console.log(`   CPU: ${cpuTexto(c, SEGUNDOS_A, r.n)}`);
  console.log(`   ${justica(a.eventos, USUARIOS)}`);
  resultados.A = { ...r, porTipo, cpu: c };

  // Each kind of call alone (same users, SEGUNDOS_POR_TIPO s each): what it costs the API and the
  // database in CPU, the figures that decide where the next core goes.
  const porTipoS = numero('SEGUNDOS_POR_TIPO', 10);
  if (porTipoS > 0) {
    console.log(`   each kind of call alone, ${porTipoS} s each:`);
    const tipos: Record<string, Record<string, number>> = {};
    for (const tipo of ['CACEAL', 'CNPJ', 'RAZAO_SOCIAL', 'dados']) {
      const so = Array.from({ length: USUARIOS }, (_, u) => {
        const m = mistura(t, 5000 + u);
        return () => { for (;;) { const p = m(); if (p.rotulo === tipo) return p; } };
      });
      const cpuTipo = medirCpu(cpuApis());
      const x = iniciarCarga({ base: nginx.base, usuarios: USUARIOS, duracaoMs: porTipoS * 1000, cabecalhos: () => atendente, proximo: (u) => so[u]!(), respeitarRetryAfter: true });
      await x.fim;
      const rt = resumir(x.eventos, porTipoS);
      const ct = cpuTipo();
      const porReq = (k: string) => (1000 * ct[k]!) / rt.n;
      tipos[tipo] = { porSegundo: rt.porSegundo, p50: rt.p50, p95: rt.p95, apiMs: porReq('api-1') + porReq('api-2'), pgMs: porReq('postgres'), nginxMs: porReq('nginx'), erros: rt.n - x.eventos.filter((e) => e.status === 200).length };
      console.log(`   | ${tipo} | ${rt.porSegundo.toFixed(0)} req/s | p50 ${f1(rt.p50)} | p95 ${f1(rt.p95)} | CPU per request: API ${tipos[tipo]!.apiMs!.toFixed(2)} ms, PostgreSQL ${tipos[tipo]!.pgMs!.toFixed(2)} ms, nginx ${tipos[tipo]!.nginxMs!.toFixed(2)} ms | not 200: ${tipos[tipo]!.erros} |`);
    }
    resultados.porTipo = tipos;
  }
}

// --- B: writes with a replica killed in the middle.
{
  // Companies with one registration, ATIVO or SUSPENSO: each change flips it (202 suspends, 103
  // reactivates) and touches exactly one registration. Each writer owns its own companies, so no
  // two writers race for a row: a 409 would be a defect, not contention.
  const empresas = (await banco.query(`select p.numero_pessoa, min(c.numero_caceal) as caceal from pessoa p join contribuinte c using (numero_pessoa)
    where p.tipo = 'J' group by p.numero_pessoa having count(*) = 1 and bool_and(c.situacao_id in (1, 2))
    order by md5(p.numero_pessoa::text) limit ${ESCRITORES * 300}`)).rows.map((x) => ({ pessoa: Number(x.numero_pessoa), caceal: Number(x.caceal) }));
  const caceais = empresas.map((e) => e.caceal);
  const base = (await banco.query(`select (select coalesce(max(id), 0) from historico_situacao) as h, (select coalesce(max(id), 0) from evento_auditoria) as a`)).rows[0] as { h: string; a: string };
  const versao0 = new Map((await banco.query(`select numero_caceal, version from contribuinte where numero_caceal = any($1)`, [caceais])).rows.map((x) => [Number(x.numero_caceal), Number(x.version)]));

  interface Escrita { t: number; pessoa: number; caceal: number; versao: number; para: number; motivo: number; status: number; erro?: string }
  const escritas: Escrita[] = [];
  const estado = Array.from({ length: ESCRITORES }, (_, w) => ({ i: 0, proprias: empresas.filter((_e, k) => k % ESCRITORES === w), pendente: undefined as Omit<Escrita, 't' | 'status'> | undefined }));
  const api = '/sfz-cadastro-api/api/contribuinte';
  const escrita = iniciarCarga({
    base: nginx.base, usuarios: ESCRITORES, duracaoMs: SEGUNDOS_B * 1000, cabecalhos: () => auditor,
    // What the change screen does: read the company with its versions, then send the change.
    proximo: (w) => {
      const s = estado[w]!;
      if (!s.pendente) return { metodo: 'GET', caminho: `${api}/situacaoPessoa/${s.proprias[s.i % s.proprias.length]!.pessoa}`, rotulo: 'ler' };
      const p = s.pendente;
      return {
        metodo: 'POST', caminho: `${api}/alterarSituacaoPessoa`, rotulo: 'escrita',
        corpo: { numeroPessoa: p.pessoa, sequencialSituacaoPessoa: p.para, sequencialMotivoPessoa: p.motivo, versoes: [{ numeroCaceal: p.caceal, version: p.versao }] },
      };
    },
    aoResponder: (w, pedido, r, ev) => {
      const s = estado[w]!;
      if (pedido.rotulo === 'ler') {
        if (r?.status !== 200) return;
        const c = (JSON.parse(r.corpo.toString('utf8')) as { numeroPessoa: number; contribuintes: { numeroCaceal: number; idSituacao: number; version: number }[] });
        const x = c.contribuintes[0]!;
        if (c.contribuintes.length !== 1 || ![1, 2].includes(x.idSituacao)) { s.i++; return; }
        s.pendente = { pessoa: c.numeroPessoa, caceal: x.numeroCaceal, versao: x.version, para: x.idSituacao === 1 ? 2 : 1, motivo: x.idSituacao === 1 ? 202 : 103 };
        return;
      }
      escritas.push({ ...s.pendente!, t: ev.t, status: ev.status, erro: ev.erro });
      s.pendente = undefined;
      s.i++;
    },
  });
  const mix = Array.from({ length: LEITORES_B }, (_, u) => mistura(t, 2000 + u));
  const leitura = iniciarCarga({ base: nginx.base, usuarios: LEITORES_B, duracaoMs: SEGUNDOS_B * 1000, cabecalhos: () => atendente, proximo: (u) => mix[u]!() });
  await dormir(MATAR_EM * 1000);
  const tMorte = escrita.agora();
  const tMorteLeitura = leitura.agora();
  api1.processo.kill('SIGKILL');
  const nginxLinhaMorte = Date.now() / 1000;
  await Promise.all([escrita.fim, leitura.fim]);

  // Verification: each acknowledged write is the k-th committed change of its registration, k =
  // version it was made against − version at the start. Its status-history row and its audit row
  // are the k-th rows of that registration written since the start.
  const depois = new Map((await banco.query(`select id, numero_caceal, version from contribuinte where numero_caceal = any($1)`, [caceais])).rows.map((x) => [Number(x.numero_caceal), { id: Number(x.id), versao: Number(x.version) }]));
  const hist = new Map<number, number[]>();
  for (const h of (await banco.query(`select c.numero_caceal, h.situacao_id from historico_situacao h join contribuinte c on c.id = h.contribuinte_id
      where h.id > $1 and c.numero_caceal = any($2) order by h.id`, [base.h, caceais])).rows) {
    const k = Number(h.numero_caceal);
    hist.set(k, [...(hist.get(k) ?? []), Number(h.situacao_id)]);
  }
  const aud = new Map<number, { principal: string; situacao: string }[]>();
  for (const a of (await banco.query(`select entity_id, principal, after->>'situacao' as situacao from evento_auditoria
      where id > $1 and entity = 'Contribuinte' and entity_id = any($2) order by id`, [base.a, caceais.map(String)])).rows) {
    const k = Number(a.entity_id);
    aud.set(k, [...(aud.get(k) ?? []), { principal: String(a.principal), situacao: String(a.situacao) }]);
  }
  const nomeSituacao: Record<number, string> = { 1: 'ATIVO', 2: 'SUSPENSO' };
  const ack = escritas.filter((e) => e.status === 200);
  const perdidas = ack.filter((e) => {
    const k = e.versao - versao0.get(e.caceal)!;
    const a = aud.get(e.caceal)?.[k];
    return hist.get(e.caceal)?.[k] !== e.para || a?.situacao !== nomeSituacao[e.para] || a?.principal !== 'auditor';
  });
  let confirmadas = 0;
  let semRastro = 0;
  for (const c of caceais) {
    const n = depois.get(c)!.versao - versao0.get(c)!;
    confirmadas += n;
    if ((hist.get(c)?.length ?? 0) !== n || (aud.get(c)?.length ?? 0) !== n) semRastro++;
  }
  const falhas = escritas.filter((e) => e.status !== 200);
  const porCausa = (xs: { status: number; erro?: string }[]) => contagem(xs.reduce<Record<string, number>>((o, e) => {
    const k = e.status ? String(e.status) : e.erro!;
    o[k] = (o[k] ?? 0) + 1;
    return o;
  }, {}));

  const rEsc = resumir(escrita.eventos.filter((e) => e.rotulo === 'escrita'), SEGUNDOS_B);
  const rLer = resumir(leitura.eventos, SEGUNDOS_B);
  linha('B: status changes (POST), 1 of 2 processes killed', ESCRITORES, rEsc);
  linha('B: reads meanwhile', LEITORES_B, rLer);
  const falhasLeitura = leitura.eventos.filter((e) => e.status < 200 || e.status > 299);
  const depoisDaMorte = (evs: Evento[], t0: number) => evs.filter((e) => e.t > t0 + 1000);
  const okDepois = (evs: Evento[], t0: number) => depoisDaMorte(evs, t0).filter((e) => e.status >= 200 && e.status < 300).length;
  // nginx's view: requests it passed on to the other replica (two upstream statuses) and those it failed.
  const acessos = fs.readFileSync(path.join(nginx.dir, 'access.log'), 'utf8').split('\n').filter(Boolean).map((l) => {
    const [msec, metodo, status] = l.split(' ');
    const [, addr, ups] = /"([^"]*)" "([^"]*)"/.exec(l) ?? [];
    return { msec: Number(msec), metodo: metodo!, status: Number(status), addr: addr ?? '', ups: ups ?? '' };
  }).filter((x) => x.msec >= nginxLinhaMorte - MATAR_EM && x.msec <= nginxLinhaMorte + SEGUNDOS_B);
  const repassados = acessos.filter((x) => x.addr.includes(','));
  const repassadosPorMetodo = contagem(repassados.reduce<Record<string, number>>((o, x) => ((o[x.metodo] = (o[x.metodo] ?? 0) + 1), o), {}));
  const falhosNginx = acessos.filter((x) => x.status >= 500);
  // What nginx saw of the dead replica, by kind ("connect() failed (111: Connection refused)"…).
  const errosNginx = contagem(fs.readFileSync(path.join(nginx.dir, 'error.log'), 'utf8').split('\n').filter(Boolean).reduce<Record<string, number>>((o, l) => {
    const k = (/\[(?:error|warn)\] \d+#\d+: \*\d+ ([^,]+)/.exec(l)?.[1] ?? l.slice(20, 80)).replace(/ while .*/, '');
    o[k] = (o[k] ?? 0) + 1;
    return o;
  }, {}));
  const txt = [
    `   kill -9 of api-1 at t=${(tMorte / 1000).toFixed(1)} s; writes attempted ${escritas.length}, acknowledged ${ack.length}, failed ${falhas.length} (${porCausa(falhas)})`,
    `   failed writes, seconds after the kill: ${falhas.map((e) => ((e.t - tMorte) / 1000).toFixed(2)).join(', ') || 'none'}`,
    `   reads failed: ${falhasLeitura.length} (${porCausa(falhasLeitura)}), seconds after the kill: ${falhasLeitura.slice(0, 20).map((e) => ((e.t - tMorteLeitura) / 1000).toFixed(2)).join(', ') || 'none'}`,
    `   after the kill (+1 s on): writes ${okDepois(escrita.eventos.filter((e) => e.rotulo === 'escrita'), tMorte)}/${depoisDaMorte(escrita.eventos.filter((e) => e.rotulo === 'escrita'), tMorte).length} OK, reads ${okDepois(leitura.eventos, tMorteLeitura)}/${depoisDaMorte(leitura.eventos, tMorteLeitura).length} OK`,
    `   nginx: ${repassados.length} requests passed on to the other replica (${repassadosPorMetodo}); ${falhosNginx.length} answered 5xx by nginx (${falhosNginx.map((x) => `${x.metodo} ${x.status} upstream ${x.ups}`).join('; ') || 'none'})`,
    `   nginx error log: ${errosNginx}`,
    `   database: ${confirmadas} changes committed (sum of version increments) = ${ack.length} acknowledged + ${confirmadas - ack.length} unacknowledged that committed;` +
      ` acknowledged without their history/audit row: ${perdidas.length}; registrations whose history/audit count ≠ their committed changes: ${semRastro}`,
  ];
  for (const l of txt) console.log(l);
  resultados.B = { escritas: rEsc, leituras: rLer, tentadas: escritas.length, confirmadas: ack.length, falhas: porCausa(falhas), perdidas: perdidas.length, semRastro, commitadas: confirmadas, repassados: repassados.length, texto: txt };
}

// --- D: a notice confirmed while clerks change the statuses of the companies it cites (issue #29).
{
  const d = await faseEdital(nginx.base, banco, { vinculados: numero('VINCULADOS_D', 1000), escritores: numero('ESCRITORES_D', 8), segundos: numero('SEGUNDOS_D', 10) });
  linha('D: status changes on a notice\'s companies during its publication', numero('ESCRITORES_D', 8), d.escritas);
  for (const l of d.texto) console.log(l);
  resultados.D = d;
}

// This bench's own connection would die with the restart in C; it is not needed any more.
await banco.end();
// Back to two replicas (same port) before C: nginx tries the dead one again after fail_timeout.
const api1b = await iniciarApi('api-1b', p1, { DATABASE_URL: URL_BANCO });

// --- C: PostgreSQL restarted under read load.
{
  const mix = Array.from({ length: LEITORES_C }, (_, u) => mistura(t, 3000 + u));
  const c = iniciarCarga({ base: nginx.base, usuarios: LEITORES_C, duracaoMs: SEGUNDOS_C * 1000, cabecalhos: () => atendente, proximo: (u) => mix[u]!() });
  await dormir(REINICIAR_EM * 1000);
  const tInicio = c.agora();
  const runuser = process.env.PG_RUNUSER;
  const [cmd, args] = runuser
    ? ['runuser', ['-u', runuser, '--', path.join(PG_BIN, 'pg_ctl'), '-D', PG_DATA, '-l', path.join(path.dirname(PG_DATA), 'log'), '-w', '-m', 'fast', 'restart']]
    : [path.join(PG_BIN, 'pg_ctl'), ['-D', PG_DATA, '-l', path.join(path.dirname(PG_DATA), 'log'), '-w', '-m', 'fast', 'restart']];
  const reinicio = spawn(cmd, args as string[], { stdio: 'ignore' });
  const rc = await new Promise<number | null>((r) => reinicio.on('exit', r));
  const tFim = c.agora();
  await c.fim;
  const r = resumir(c.eventos, SEGUNDOS_C);
  linha('C: reads, PostgreSQL restarted (-m fast)', LEITORES_C, r);
  const ruins = c.eventos.filter((e) => e.status < 200 || e.status > 299);
  const primeiro = ruins[0];
  const ultimo = ruins.at(-1);
  const alheios = ruins.filter((e) => e.status !== 503);
  const ambos = [api1b, api2].map((a) => `${a.nome} ${vivo(a.processo) ? 'alive' : 'DEAD'}`).join(', ');
  const prontos = await Promise.all([api1b, api2].map((a) => fetch(`${a.base}/management/health/readiness`).then((x) => x.status, () => 0)));
  const txt = [
    `   pg_ctl restart (exit ${rc}) from t=${(tInicio / 1000).toFixed(2)} s to ${(tFim / 1000).toFixed(2)} s (${((tFim - tInicio) / 1000).toFixed(2)} s until it accepted connections)`,
    `   non-2xx: ${ruins.length} (${contagem(resumir(ruins, 1).naoOk)}${ruins.some((e) => !e.status) ? `; no answer: ${contagem(resumir(ruins, 1).erros)}` : ''}), ` +
      // pg_ctl -w polls for readiness: the API may serve again a little before pg_ctl returns.
      (primeiro ? `from the first sent at t=${(primeiro.t / 1000).toFixed(2)} s to the last answered at t=${((ultimo!.t + ultimo!.ms) / 1000).toFixed(2)} s: a gap of ${((ultimo!.t + ultimo!.ms - primeiro.t) / 1000).toFixed(2)} s, then 200s only` : 'none'),
    `   other than 503: ${alheios.length}${alheios.length ? ` (${contagem(resumir(alheios, 1).naoOk)} ${contagem(resumir(alheios, 1).erros)})` : ''}; afterwards ${ambos}; readiness ${prontos.join(', ')}`,
  ];
  for (const l of txt) console.log(l);
  resultados.C = { ...r, reinicioS: (tFim - tInicio) / 1000, texto: txt };
}

// Warnings and errors the API processes logged (LOG_LEVEL=warn): a 500 would show here.
for (const nome of ['api-1', 'api-2', 'api-1b']) {
  const l = logDe(nome).split('\n').filter((x) => x.startsWith('{'));
  const msgs = l.reduce<Record<string, number>>((o, x) => {
    const j = JSON.parse(x) as { level: number; msg: string; err?: { message?: string } };
    const k = `${j.level >= 50 ? 'ERROR' : 'warn'} ${j.msg}${j.err?.message ? `: ${j.err.message.slice(0, 80)}` : ''}`;
    o[k] = (o[k] ?? 0) + 1;
    return o;
  }, {});
  console.log(`   ${nome} log: ${contagem(msgs)}`);
}
nginx.processo.kill('SIGTERM');
for (const a of [api1b, api2]) a.processo.kill('SIGTERM');

// --- The embedded process: PGlite, one process, no nginx.
if (EMBUTIDO) {
  const porta = await portaLivre();
  t0 = performance.now();
  const emb = await iniciarApi('embutido', porta, { DATABASE_URL: '', DATA_DIR: PGLITE_DIR, TRUST_PROXY: 'off' });
  console.log(`\nembedded API ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const atendenteEmb = await entrar(emb.base, 'atendente');
  // Same seed and size: the same taxpayers, so the same terms.
  for (const usuarios of [USUARIOS, 50]) {
    const mix = Array.from({ length: usuarios }, (_, u) => mistura(t, 4000 + u));
    await iniciarCarga({ base: emb.base, usuarios, duracaoMs: 5_000, cabecalhos: () => atendenteEmb, proximo: (u) => mix[u]!(), respeitarRetryAfter: true }).fim;
    const cpu = medirCpu({ 'bench client': cpuCliente, embutido: () => cpuDe(emb.processo.pid!) });
    const segundos = usuarios === USUARIOS ? SEGUNDOS_EMBUTIDO : Math.ceil(SEGUNDOS_EMBUTIDO / 2);
    const e = iniciarCarga({ base: emb.base, usuarios, duracaoMs: segundos * 1000, cabecalhos: () => atendenteEmb, proximo: (u) => mix[u]!(), respeitarRetryAfter: true });
    await e.fim;
    const r = resumir(e.eventos, segundos);
    const ok = resumir(e.eventos.filter((x) => x.status === 200), segundos);
    linha('embedded PGlite, 1 process, no nginx', usuarios, r, `(200s only: ${ok.porSegundo.toFixed(0)} req/s, p95 ${f1(ok.p95)} ms)`);
    console.log(`   CPU: ${cpuTexto(cpu(), segundos, r.n)}; ${justica(e.eventos, usuarios)}`);
    resultados[`embutido${usuarios}`] = { ...r, ok, justica: justica(e.eventos, usuarios) };
  }
  if (process.env.LENTOS !== '0') {
    // Clients that send a POST's headers and never its body, beside one clerk: the clerk must be served.
    const clerk = mistura(t, 9000);
    const r = await faseClientesLentos({ base: emb.base, cabecalhos: atendenteEmb, proximo: clerk, lentos: Number(process.env.LENTOS ?? 64), segundos: numero('SEGUNDOS_LENTOS', 10) });
    console.log(`\nslow clients beside a signed-in clerk (embedded): ${textoLentos(r)}`);
    resultados.lentos = r;
  }
  emb.processo.kill('SIGTERM');
  await new Promise((r) => emb.processo.once('exit', r));
}

console.log(`\n${CABECALHO}\n|---|---|---|---|---|---|---|---|---|---|---|\n${linhas.join('\n')}`);
if (process.env.RESULTADO) fs.writeFileSync(process.env.RESULTADO, JSON.stringify(resultados, null, 2));
