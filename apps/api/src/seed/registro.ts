import os from 'node:os';
import { sql } from 'drizzle-orm';
import { AuditMessage, SystemActor } from '@cadastro/domain';
import type { Database } from '../db/client.js';
import { auditChange } from '../platform/audit.js';
import { conferirCapacidade, generateRegistry, type GeneratorOptions, type GeneratorResult } from './gerador/gerador.js';
import { generateOperationalData } from './gerador/operacao.js';
import { generateFederalOnly } from './gerador/receita.js';
import { catalogoVivo, comandoDe, restaurarSuspensos, retomarIndices, suspenderIndices, type Indice } from '../db/indices.js';

/** Registry tables the generator fills, children first (for TRUNCATE and index handling). */
export const REGISTRY_TABLES = [
  'fic_emissao', 'sca_membro', 'infoconv_consulta', 'receita_cpf', 'receita_cnpj', 'gestor_contribuinte', 'evento_alteracao', 'contador_recadastro', 'manifestacao',
  'solicitacao_mensagem', 'solicitacao', 'pendencia', 'edital_contribuinte', 'edital_motivo', 'edital', 'regime_especial_contribuinte',
  'historico_razao_social', 'historico_situacao', 'procurador', 'contribuinte_contador', 'responsavel', 'socio', 'telefone',
  'endereco', 'atividade_contribuinte', 'contribuinte_tipo_unidade', 'contribuinte_forma_atuacao', 'contribuinte', 'contador', 'pessoa',
  'nome_vocabulario',
];
/**
 * Tables the generator fills by recounting (cadastro_recontar_*): their indexes are rebuilt after a
 * big load like the others, but they are not TRUNCATEd with them — a TRUNCATE of contribuinte empties
 * them by trigger, and naming them in the same statement makes that trigger fail ("being used by
 * active queries").
 */
const DERIVED_TABLES = ['contribuinte_nome'];

/** Analyzed before the operational data, which reads them; of these only contribuinte is written by it (a notice's effect). */
const ANALISADAS_ANTES = ['pessoa', 'contribuinte', 'endereco', 'telefone', 'socio', 'responsavel', 'contribuinte_contador'];
const INALTERADAS_NA_OPERACAO = ANALISADAS_ANTES.filter((t) => t !== 'contribuinte');

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;

/**
 * Runs independent jobs (index builds, ANALYZEs, a recount) on several connections at once, in the
 * order given (longest first): on PostgreSQL each lane is a backend on a core of its own (two builds on
 * one table take compatible SHARE locks); PGlite's single connection just queues them. A job is one
 * statement or a list run in order on its lane.
 */
async function emParalelo(db: Database, jobs: (string | readonly string[])[]) {
  const faixas = Math.min(4, Math.max(2, os.availableParallelism()));
  let i = 0;
  await Promise.all(Array.from({ length: faixas }, async () => {
    while (i < jobs.length) {
      const job = jobs[i++]!;
      for (const texto of typeof job === 'string' ? [job] : job) await db.db.execute(sql.raw(texto));
    }
  }));
}

/** The tables by their size now, largest first (so the longest builds start first and the lanes end together). */
async function porTamanho(db: Database, tabelas: string[]): Promise<Map<string, number>> {
  const r = rowsOf<{ t: string; b: number }>(await db.db.execute(sql.raw(`select relname as t, pg_relation_size(oid)::float8 as b from pg_class
    where relkind = 'r' and relnamespace = 'public'::regnamespace and relname in (${tabelas.map((t) => `'${t}'`).join(', ')})`)));
  return new Map(r.map((x) => [x.t, Number(x.b)]));
}

export async function countTaxpayers(db: Database): Promise<number> {
  return rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from contribuinte`))[0]?.n ?? 0;
}

/** What a reset removed: rows per table (counted before), and the accounts whose link to a person it undid. */
export interface ResultadoReset {
  linhas: Record<string, number>;
  contasDesvinculadas: string[];
}

/**
 * Empties the registry in one transaction. `antes` hears the row counts of every table it empties (the
 * registry's, those a TRUNCATE … CASCADE reaches through foreign keys, the recounted ones) before anything
 * goes. Accounts linked to a person are unlinked, each audited (PERSON_UNLINKED by system): person numbers
 * start again at 1 and the next seed gives them to other people, so a kept link would hand an account a
 * stranger's registrations. The accounts themselves stay (staff logins are not registry data).
 */
export async function resetRegistry(db: Database, antes?: (linhas: Record<string, number>) => void): Promise<ResultadoReset> {
  return db.db.transaction(async (tx) => {
    const lista = (ts: readonly string[]) => ts.map((t) => `'${t}'`).join(', ');
    const alcancadas = rowsOf<{ t: string }>(await tx.execute(sql.raw(`with recursive alvo(oid) as (
        select oid from pg_class where relnamespace = 'public'::regnamespace and relname in (${lista(REGISTRY_TABLES)})
        union select f.conrelid from pg_constraint f join alvo a on f.confrelid = a.oid where f.contype = 'f')
      select relname as t from pg_class where oid in (select oid from alvo)
      union select relname from pg_class where relnamespace = 'public'::regnamespace and relname in (${lista(DERIVED_TABLES)})`))).map((r) => r.t).sort();
    const contagens = rowsOf<{ t: string; n: number }>(await tx.execute(sql.raw(alcancadas.map((t) => `select '${t}' as t, count(*)::float8 as n from "${t}"`).join(' union all '))));
    const linhas = Object.fromEntries(contagens.map((r) => [r.t, Number(r.n)]));
    antes?.(linhas);
    const contas = rowsOf<{ id: number; login: string; np: number }>(await tx.execute(sql`select id, login, numero_pessoa::float8 as np from usuario
      where numero_pessoa is not null order by login for update`));
    for (const c of contas) {
      await tx.execute(sql`update usuario set numero_pessoa = null, last_modified_by = ${SystemActor.SYSTEM}, last_modified_date = now() where id = ${c.id}`);
      await auditChange(tx, SystemActor.SYSTEM, 'usuario', c.id, { login: c.login, numeroPessoa: Number(c.np) }, { login: c.login, numeroPessoa: null }, AuditMessage.PERSON_UNLINKED);
    }
    await tx.execute(sql.raw(`TRUNCATE ${REGISTRY_TABLES.join(', ')} RESTART IDENTITY CASCADE`));
    return { linhas, contasDesvinculadas: contas.map((c) => c.login) };
  });
}

/**
 * Fills the registry with generated data. For big loads the secondary indexes are dropped and
 * rebuilt afterwards (much faster than maintaining them row by row), then sequences follow the
 * explicit keys and statistics are refreshed.
 */
export async function seedRegistry(db: Database, opt: GeneratorOptions & { rebuildIndexes?: boolean }): Promise<GeneratorResult> {
  conferirCapacidade(opt.taxpayers); // before the indexes go
  const rebuild = opt.rebuildIndexes ?? opt.taxpayers >= 50_000;
  // What an earlier seed left suspended comes back first (it would be dropped again below, but never lost).
  await restaurarSuspensos(db.db);
  let suspensos: Indice[] = [];
  if (rebuild) {
    const tabelas = [...REGISTRY_TABLES, ...DERIVED_TABLES];
    // The UNIQUE constraints no foreign key leans on (CPF/CNPJ, CACEAL) go too: their keys arrive in random
    // order, and a B-tree fed at random costs the COPY more than one sorted build afterwards (docs/performance.md).
    const comFk = new Set(rowsOf<{ nome: string }>(await db.db.execute(sql.raw(`select distinct i.relname as nome
      from pg_constraint f join pg_class i on i.oid = f.conindid where f.contype = 'f'`))).map((r) => r.nome));
    suspensos = (await catalogoVivo(db.db)).filter((i) => (i.restricao === null && tabelas.includes(i.tabela))
      || (i.restricao === 'u' && REGISTRY_TABLES.includes(i.tabela) && !comFk.has(i.nome)));
    // Recorded as suspended in the DROPs' transaction: killed before the rebuild below, the next start or seed
    // rebuilds them (db/indices.ts), instead of a registry left without its unique keys (issue #39 §3).
    await suspenderIndices(db.db, suspensos);
  }
  const t0 = performance.now();
  const result = await generateRegistry(db, opt);
  // COPY ran without triggers (trusted bulk load): the name vocabulary and the search's persons with
  // a registration are counted set-wise here.
  await db.db.execute(sql.raw('select cadastro_recontar_contribuinte_nome()'));
  const t1 = performance.now();
  const tamanho = await porTamanho(db, [...REGISTRY_TABLES, ...DERIVED_TABLES]);
  const maiorPrimeiro = (a: string, b: string) => (tamanho.get(b) ?? 0) - (tamanho.get(a) ?? 0);
  // The name vocabulary is counted beside the index builds (a single backend: alone, it left a core
  // idle), first since it is among the longest; its own tables' indexes are built after it, on its lane.
  const vocabulario = (t: string) => t.startsWith('nome_vocabulario');
  // GIN builds (trigrams, words, pairs) take several times a B-tree's on the same rows: they go first, so
  // no long one starts last while the other lane sits idle.
  const gin = (def: string) => (/ USING gin /i.test(def) ? 0 : 1);
  const builds = [...suspensos].sort((a, b) => gin(a.definicao) - gin(b.definicao) || maiorPrimeiro(a.tabela, b.tabela));
  // IF NOT EXISTS: a start meanwhile (another API process on the server) may have rebuilt some already.
  const criar = (i: Indice) => comandoDe({ ...i, restricao: null });
  await emParalelo(db, [
    ['select cadastro_recontar_vocabulario()', ...builds.filter((i) => vocabulario(i.tabela)).map(criar)],
    ...builds.filter((i) => !vocabulario(i.tabela)).map(criar),
  ]);
  // The unique indexes built above become the constraints again (a duplicate key would have failed the build).
  const restricoes = new Set(rowsOf<{ n: string }>(await db.db.execute(sql.raw(`select conname as n from pg_constraint where connamespace = 'public'::regnamespace`))).map((r) => r.n));
  for (const u of suspensos) if (u.restricao && !restricoes.has(u.nome)) await db.db.execute(sql.raw(comandoDe(u, true)));
  await retomarIndices(db.db, suspensos.map((i) => i.nome));
  const t2 = performance.now();
  // Operational data is derived set-wise, with the indexes in place (its joins need them) and
  // statistics of the fresh tables (else the planner guesses, and a join over 500,000 rows can run minutes).
  await emParalelo(db, [...ANALISADAS_ANTES].sort(maiorPrimeiro).map((t) => `ANALYZE ${t}`));
  const operacao: Record<string, number> = {};
  Object.assign(result.rows, await generateOperationalData(db, operacao));
  Object.assign(result.rows, await generateFederalOnly(db, opt.seed));
  const t3 = performance.now();
  await db.db.execute(sql.raw(`select setval(pg_get_serial_sequence('pessoa', 'numero_pessoa'), greatest(1, (select max(numero_pessoa) from pessoa)))`));
  await db.db.execute(sql.raw(`select setval(pg_get_serial_sequence('contribuinte', 'id'), greatest(1, (select max(id) from contribuinte)))`));
  // The picture of the registry, the people with several live registrations and the active registrations
  // outside Alagoas (kept by triggers the trusted COPY skipped).
  await db.db.execute(sql.raw('select cadastro_recontar_resumo()'));
  await db.db.execute(sql.raw('select cadastro_recontar_outra_uf()'));
  const depois = await porTamanho(db, [...REGISTRY_TABLES, ...DERIVED_TABLES]);
  // Tables analyzed before and not written since keep those statistics.
  const analisar = [...REGISTRY_TABLES, ...DERIVED_TABLES].filter((t) => !INALTERADAS_NA_OPERACAO.includes(t));
  await emParalelo(db, analisar.sort((a, b) => (depois.get(b) ?? 0) - (depois.get(a) ?? 0)).map((t) => `ANALYZE ${t}`));
  result.timings = { loadMs: t1 - t0, indexesMs: t2 - t1, operationalMs: t3 - t2, analyzeMs: performance.now() - t3, operacao };
  return result;
}
