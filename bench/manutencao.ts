// Maintenance ("supertela") benchmark on a PostgreSQL server with generated data (bench/manutencao.sh):
// 1. POST eventos touching three tabs (Dados Cadastrais, Atividades, Sócios): p50/p95 of the whole
//    transaction (lock, validation queries, writes, event row, audit) as the route runs it;
// 2. a porte change on a CNPJ root with 500 registrations (the propagation in the same transaction);
// 3. the timeline (GET eventos/listar, first page) of a registration with 200 events.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/manutencao.ts [events]
// (on the shared 1M cluster: BENCH_DATABASE_URL=… flock /work/pg1m/bench.lock bash bench/manutencao.sh)
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query, queryOne } from '../apps/api/src/db/consulta.js';
import { salvarEvento, listarEventos } from '../apps/api/src/modules/contribuinte/evento.js';
import { obterDadosCadastrais } from '../apps/api/src/modules/contribuinte/dados.js';
import { cnpjFromRoot, SalvarEvento } from '../packages/domain/src/index.js';
import { loadavg } from 'node:os';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const eventos = Number(process.argv[2] ?? 200);
const { db, close } = await openDatabase(url, '');

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (n=${xs.length}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`;
const PROCESSO = { processo: 'BENCH', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null };

type Conexao = Parameters<Parameters<typeof db.transaction>[0]>[0] | typeof db;
/** The block of Dados Cadastrais as the screen would send it, with a new trade name. */
async function blocoDados(numeroCaceal: number, nomeFantasia: string, porteId?: number, c: Conexao = db) {
  const d = (await obterDadosCadastrais(c, { caceal: numeroCaceal }))!;
  return {
    version: d.version,
    numeroPessoa: d.numeroPessoa,
    dadosCadastrais: {
      nomeFantasia, email: d.identificacao.email, porteId: porteId ?? d.identificacao.porte?.id ?? null, valorCapitalSocial: d.identificacao.valorCapitalSocial,
      processamentoDados: d.processamentoDados, formasAtuacao: d.formasAtuacao.map((f) => f.id), tiposUnidade: d.tipoUnidade.map((f) => f.id),
      telefones: d.identificacao.telefones.map(({ id, codigoTipoTelefone, ddd, numeroTelefone }) => ({ id, codigoTipoTelefone, ddd, numeroTelefone })),
    },
  };
}
// Its own transaction (a savepoint inside the rolled-back one of parts 2 and 3): the route's BEGIN … COMMIT.
// The statements each event sends are counted (round trips are what an event costs under load).
let comandos = 0;
const contando = <T extends object>(tx: T): T => new Proxy(tx, {
  get: (alvo, nome, r) => {
    const v = Reflect.get(alvo, nome, r) as unknown;
    if (nome !== 'execute' || typeof v !== 'function') return v;
    return (...args: unknown[]) => { comandos++; return (v as (...a: unknown[]) => unknown).apply(alvo, args); };
  },
});
const salvar = (body: unknown, c: Conexao = db) => c.transaction((tx) => salvarEvento(contando(tx), 'bench', SalvarEvento.parse(body)));

// 1. Three tabs per event, each on another head office (random rows, so caches are not all warm).
const alvos = await query<{ numero_caceal: number; numero_pessoa: number }>(db, sql`select c.numero_caceal, c.numero_pessoa from contribuinte c tablesample system (1)
  join pessoa p on p.numero_pessoa = c.numero_pessoa where p.tipo = 'J' and p.numero_pessoa_raiz is null
  and exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa) limit ${eventos}`);
const cnaes = (await query<{ id: string }>(db, sql`select id from ref_cnae order by id limit 50`)).map((c) => c.id);
const tres: number[] = [];
for (const [i, a] of alvos.entries()) {
  const base = await blocoDados(Number(a.numero_caceal), `BENCH ${i}`);
  const socios = await query<{ numero_pessoa_socio: number; qualificacao_id: number; data_inclusao: string }>(db, sql`select numero_pessoa_socio, qualificacao_id, data_inclusao::text
    from socio where numero_pessoa_empresa = ${a.numero_pessoa}`);
  const body = {
    ...PROCESSO, ...base, numeroCaceal: Number(a.numero_caceal),
    atividades: [{ codigoCnae: cnaes[i % 50]!, ehAtividadePrincipal: true }, { codigoCnae: cnaes[(i + 7) % 50]!, ehAtividadePrincipal: false }],
    socios: socios.map((s) => ({ numeroPessoaSocio: Number(s.numero_pessoa_socio), qualificacaoId: s.qualificacao_id, percentualParticipacao: Math.floor(100 / socios.length) - 0.01, dataInclusao: s.data_inclusao })),
  };
  const t0 = performance.now();
  await salvar(body);
  tres.push(performance.now() - t0);
}
console.log(`POST eventos, three tabs: ${fmt(tres)}; ${(comandos / alvos.length).toFixed(1)} statements per event (+ BEGIN/COMMIT)`);

class Desfeito extends Error {}
try {
  await db.transaction(async (tx) => {
    // 2. A CNPJ root with 500 registrations. The bench may run on a shared database: parts 2 and 3 run in ONE
    // transaction rolled back at the end (each event in a savepoint, as the route's own transaction) — the
    // timings are the real ones, nothing stays.
    let raiz = '';
    do raiz = '9' + String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
    while ((await query(tx, sql`select 1 from pessoa where raiz_cnpj = ${raiz} limit 1`)).length);
    // 500 existing registrations of legal persons take documents of one new root (a 1M database has no free
    // CACEAL left, and the check constraints hold CACEALs to the Alagoas range): all undone at the end.
    const alvos500 = await query<{ id: number; numero_caceal: number; numero_pessoa: number }>(tx, sql`select c.id, c.numero_caceal, c.numero_pessoa
      from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.tipo = 'J' and p.numero_pessoa_raiz is null order by c.id desc limit 500`);
    const cnpjs = alvos500.map((_, i) => cnpjFromRoot(raiz, i + 1));
    await tx.execute(sql`update pessoa p set numero_documento = u.d from unnest(${`{${alvos500.map((x) => x.numero_pessoa).join(',')}}`}::bigint[], ${`{${cnpjs.join(',')}}`}::text[])
      as u(n, d) where p.numero_pessoa = u.n`);
    await tx.execute(sql`update contribuinte set porte_id = 1, eh_mei = false where id = any(${`{${alvos500.map((x) => x.id).join(',')}}`}::bigint[])`);
    const cacealBase = Number(alvos500[0]!.numero_caceal);
    const naRaiz = (await queryOne<{ n: number }>(tx, sql`select count(*)::int as n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.raiz_cnpj = ${raiz}`))!.n;
    const porte: number[] = [];
    for (let i = 0; i < 5; i++) {
      const body = { ...PROCESSO, ...(await blocoDados(cacealBase, 'BENCH RAIZ', i % 2 === 0 ? 2 : 1, tx)), numeroCaceal: cacealBase };
      const t0 = performance.now();
      const r = await salvar(body, tx);
      porte.push(performance.now() - t0);
      if (r.portePropagado !== naRaiz - 1) throw new Error(`propagated to ${r.portePropagado}, expected ${naRaiz - 1}`);
    }
    console.log(`porte change on a root with ${naRaiz} registrations (${naRaiz - 1} propagated, audited): ${fmt(porte)}`);

    // 3. The timeline of a registration with 200 events (the head office above already has 5).
    for (let i = 0; i < 195; i++) await salvar({ ...PROCESSO, ...(await blocoDados(cacealBase, `BENCH RAIZ ${i}`, undefined, tx)), numeroCaceal: cacealBase }, tx);
    const n = (await queryOne<{ n: number }>(tx, sql`select count(*)::int as n from evento_alteracao e join contribuinte c on c.id = e.contribuinte_id where c.numero_caceal = ${cacealBase}`))!.n;
    const linha: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const p = await listarEventos(tx, cacealBase, i % 20, 10);
      linha.push(performance.now() - t0);
      if (!p?.content.length) throw new Error('empty timeline page');
    }
    console.log(`timeline of a registration with ${n} events, pages of 10: ${fmt(linha)}`);
    throw new Desfeito();
  });
} catch (e) {
  if (!(e instanceof Desfeito)) throw e;
}
await close();
