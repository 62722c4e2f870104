// Maintenance ("supertela") benchmark on a PostgreSQL server with generated data (bench/manutencao.sh):
// 1. POST eventos touching three tabs (Dados Cadastrais, Atividades, Sócios): p50/p95 of the whole
//    transaction (lock, validation queries, writes, event row, audit) as the route runs it;
// 2. a porte change on a CNPJ root with 500 registrations (the propagation in the same transaction);
// 3. the timeline (GET eventos/listar, first page) of a registration with 200 events.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/manutencao.ts [events]
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query, queryOne } from '../apps/api/src/db/consulta.js';
import { salvarEvento, listarEventos } from '../apps/api/src/modules/contribuinte/evento.js';
import { obterDadosCadastrais } from '../apps/api/src/modules/contribuinte/dados.js';
import { SalvarEvento } from '../packages/domain/src/index.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const eventos = Number(process.argv[2] ?? 200);
const { db, close } = await openDatabase(url, '');

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (n=${xs.length})`;
const PROCESSO = { processo: 'BENCH', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null };

/** The block of Dados Cadastrais as the screen would send it, with a new trade name. */
async function blocoDados(numeroCaceal: number, nomeFantasia: string, porteId?: number) {
  const d = (await obterDadosCadastrais(db, { caceal: numeroCaceal }))!;
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
const salvar = (body: unknown) => db.transaction((tx) => salvarEvento(tx, 'bench', SalvarEvento.parse(body)));

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
console.log(`POST eventos, three tabs: ${fmt(tres)}`);

// 2. A root with 500 registrations: a generated head office plus 499 branches of the same CNPJ root.
const raiz = '99' + String(Date.now() % 1_000_000).padStart(6, '0');
// 500 free CACEALs (the generator draws its own at random in 24000000–24999999).
const livres = (await query<{ g: number }>(db, sql`select g from generate_series(24000000, 24999999) g
  where not exists (select 1 from contribuinte where numero_caceal = g) limit 500`)).map((x) => Number(x.g));
const cacealBase = livres[0]!;
const pessoas = await query<{ numero_pessoa: number }>(db, sql`insert into pessoa (tipo, numero_documento, nome)
  select 'J', ${raiz} || lpad(g::text, 4, '0') || '00', 'BENCH RAIZ ' || g from generate_series(1, 500) g returning numero_pessoa`);
await db.execute(sql`insert into contribuinte (numero_caceal, digito_caceal, numero_pessoa, indicador_matriz, porte_id, data_inicio_atividade, situacao_id, data_situacao)
  select c, 0, x, case when i = 1 then 'M' else 'F' end, 1, '2020-01-01', 1, '2020-01-01'
  from unnest(${`{${pessoas.map((p) => p.numero_pessoa).join(',')}}`}::bigint[], ${`{${livres.join(',')}}`}::int[]) with ordinality as u(x, c, i)`);
const porte: number[] = [];
for (let i = 0; i < 5; i++) {
  const body = { ...PROCESSO, ...(await blocoDados(cacealBase, 'BENCH RAIZ', i % 2 === 0 ? 2 : 1)), numeroCaceal: cacealBase };
  const t0 = performance.now();
  const r = await salvar(body);
  porte.push(performance.now() - t0);
  if (r.portePropagado !== 499) throw new Error(`propagated to ${r.portePropagado}, expected 499`);
}
console.log(`porte change on a root with 500 registrations (499 propagated, audited): ${fmt(porte)}`);

// 3. The timeline of a registration with 200 events (the head office above already has 5).
for (let i = 0; i < 195; i++) await salvar({ ...PROCESSO, ...(await blocoDados(cacealBase, `BENCH RAIZ ${i}`)), numeroCaceal: cacealBase });
const n = (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from evento_alteracao e join contribuinte c on c.id = e.contribuinte_id where c.numero_caceal = ${cacealBase}`))!.n;
const linha: number[] = [];
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  const p = await listarEventos(db, cacealBase, i % 20, 10);
  linha.push(performance.now() - t0);
  if (!p?.content.length) throw new Error('empty timeline page');
}
console.log(`timeline of a registration with ${n} events, pages of 10: ${fmt(linha)}`);
await close();
