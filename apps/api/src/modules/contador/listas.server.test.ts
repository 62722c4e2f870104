import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../db/consulta.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { comPlanos, linhasLidas } from '../../test/planos.js';
import { empresasSemManifestacao, paginaComNegacao } from './empresas.js';

// Issue 40 §5 at 500,000 taxpayers: "Empresas sem Manifestação" counted its 180,000 companies with
// hashes over the registry's heap (0.6 s) and a later page waited for that count before walking its
// offset through the same joins (1.2 s); "Empresas com Negação" counted its denials joined to every
// registration and person (0.5 s). Checked on the plans (PostgreSQL) and against the plain queries.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 5000, seed: 5 } });
  await t.db.execute(sql`vacuum analyze contribuinte`); // as autovacuum leaves a loaded table: index-only scans
}, 300_000);
afterAll(() => t.close());

const PERIODO = { dataInicial: '1900-01-01', dataFinal: '2027-01-01' };

it('sem manifestação: a middle page is one statement that reads only its own rows of the registry, the rows and total the plain query gives', async () => {
  const esperado = (await query<{ caceal: number }>(t.db, sql`select c.numero_caceal as caceal from contribuinte c
      where c.data_inicio_atividade >= '1900-01-01' and c.data_inicio_atividade < '2027-01-01'
        and exists (select 1 from contribuinte_contador cc where cc.contribuinte_id = c.id)
        and not exists (select 1 from manifestacao m where m.contribuinte_id = c.id and m.ind_ativo = 'S')
      order by c.data_inicio_atividade, c.id`)).map((x) => x.caceal);
  const size = 10;
  const meio = Math.floor(esperado.length / size / 2);
  expect(meio).toBeGreaterThan(5);
  // A test's registry is small enough that the planner would rather scan it whole; at 500,000 it takes the
  // index-only path by cost (bench/listas-paginadas.ts). Here the path is asked to exist.
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { db, planos } = comPlanos(tx);
    const p = await empresasSemManifestacao(db, { ...PERIODO, page: meio, size });
    expect(p.totalElements).toBe(esperado.length);
    expect(p.content.map((c) => c.numeroCaceal)).toEqual(esperado.slice(meio * size, meio * size + size));
    expect(planos, 'one statement: the count and the page of one snapshot').toHaveLength(1);
    expect(linhasLidas(planos, 'contribuinte'), 'rows of contribuinte read from its heap for a page of 10').toBeLessThanOrEqual(size);
  });
  // Past the end: no rows, the total still said.
  const fim = await empresasSemManifestacao(t.db, { ...PERIODO, page: Math.ceil(esperado.length / size), size });
  expect(fim).toMatchObject({ content: [], totalElements: esperado.length });
});

it('com negação: the first page and its totals read only the page\'s registrations, the last only its persons; pages as the plain query; with a filter the totals still agree', async () => {
  const { db, planos } = comPlanos(t.db);
  const p = await paginaComNegacao(db, { ...PERIODO, page: 0, size: 20 });
  const esperado = await query<{ caceal: number }>(t.db, sql`select c.numero_caceal as caceal from manifestacao m join contribuinte c on c.id = m.contribuinte_id
      where m.tipo = 2 and m.ind_ativo = 'S' order by m.data_manifestacao desc, c.numero_caceal`);
  expect(esperado.length).toBeGreaterThan(40);
  expect(p.total).toBe(esperado.length);
  expect(p.totalElements).toBe(esperado.length);
  expect(p.content.map((c) => c.numeroCaceal)).toEqual(esperado.slice(0, 20).map((x) => x.caceal));
  // The page's 20 twice (their CACEAL to order them, then the row) and one more, read past the page to
  // close its last day's ties; never the registry.
  expect(linhasLidas(planos, 'contribuinte'), 'rows of contribuinte read for a page of 20 and its count').toBeLessThanOrEqual(41);
  // The middle page: the rows of the plain query; the last one (read from the end): only its own persons.
  const meio = Math.floor(esperado.length / 20 / 2);
  expect((await paginaComNegacao(t.db, { ...PERIODO, page: meio, size: 20 })).content.map((c) => c.numeroCaceal)).toEqual(esperado.slice(meio * 20, meio * 20 + 20).map((x) => x.caceal));
  const ultima = Math.ceil(esperado.length / 20) - 1;
  const fim = comPlanos(t.db);
  const u = await paginaComNegacao(fim.db, { ...PERIODO, page: ultima, size: 20 });
  expect(u.content.map((c) => c.numeroCaceal)).toEqual(esperado.slice(ultima * 20).map((x) => x.caceal));
  expect(linhasLidas(fim.planos, 'pessoa'), 'rows of pessoa read for the last page').toBeLessThanOrEqual(20);
  const um = String(esperado[0]!.caceal);
  const filtrada = await paginaComNegacao(t.db, { ...PERIODO, page: 0, size: 20, filtro: um });
  expect(filtrada.total).toBe(esperado.length);
  expect(filtrada.content.map((c) => c.numeroCaceal)).toEqual([esperado[0]!.caceal]);
});
