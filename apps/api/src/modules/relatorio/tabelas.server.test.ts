import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query, queryOne } from '../../db/consulta.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { TransacaoParalela } from '../../test/transacao-paralela.js';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 31 } });
  url = t.built.ctx.config.databaseUrl!;
}, 180_000);
afterAll(() => t.close());

/** Three registrations of one person, whose main address is `uf`, in the given statuses. */
async function pessoaCom(situacoes: number[], uf: string) {
  const ids = (await query<{ id: string; numero_pessoa: string }>(t.db, sql`select c.id, c.numero_pessoa from contribuinte c
    where exists (select 1 from endereco e where e.numero_pessoa = c.numero_pessoa and e.eh_principal)
    and not exists (select 1 from contribuinte x where x.numero_pessoa = c.numero_pessoa and x.id <> c.id)
    and c.id not in (select contribuinte_id from teste_usado) order by c.id limit ${situacoes.length}`)).map((r) => ({ id: Number(r.id), pessoa: Number(r.numero_pessoa) }));
  const pessoa = ids[0]!.pessoa;
  for (const [i, c] of ids.entries()) {
    await t.db.execute(sql`insert into teste_usado values (${c.id})`);
    await t.db.execute(sql`update contribuinte set numero_pessoa = ${pessoa}, situacao_id = ${situacoes[i]!} where id = ${c.id}`);
  }
  await t.db.execute(sql`update endereco set uf = ${uf} where numero_pessoa = ${pessoa} and eh_principal`);
  return { pessoa, ids: ids.map((c) => c.id) };
}

/** What the trigger-kept tables say of a person, and what the naive query over the registry says. */
async function comparar(pessoa: number) {
  const r = (await queryOne<{ outra: number; outraIngenua: number; multiplos: boolean; multiplosIngenua: boolean }>(t.db, sql`select
    (select count(*)::int from contribuinte_ativo_outra_uf where numero_pessoa = ${pessoa}) as outra,
    (select count(*)::int from contribuinte c join endereco e on e.numero_pessoa = c.numero_pessoa and e.eh_principal and e.uf <> 'AL'
      where c.numero_pessoa = ${pessoa} and c.situacao_id = 1) as "outraIngenua",
    exists (select 1 from pessoa_multiplos_vivos where numero_pessoa = ${pessoa}) as multiplos,
    (select count(*) from contribuinte where numero_pessoa = ${pessoa} and situacao_id not in (4, 5)) > 1 as "multiplosIngenua"`))!;
  return { tabela: { outra: r.outra, multiplos: r.multiplos }, ingenua: { outra: r.outraIngenua, multiplos: r.multiplosIngenua } };
}

beforeAll(async () => {
  await t.db.execute(sql`create table teste_usado (contribuinte_id bigint primary key)`);
});

// Two writers of one person in two transactions (READ COMMITTED): each recount must see the other's
// committed change, or the report tables stay wrong for good.
it('outra UF: a reactivation and a move out of Alagoas at the same time leave the table equal to the naive query', async () => {
  const { pessoa, ids } = await pessoaCom([2], 'AL');
  const status = await TransacaoParalela.abrir(url);
  await status.sql(`update contribuinte set situacao_id = 1 where id = $1`, [ids[0]]);
  const endereco = await TransacaoParalela.abrir(url);
  const mudanca = endereco.sql(`update endereco set uf = 'PE' where numero_pessoa = $1 and eh_principal`, [pessoa]);
  // The address change waits for the status change (both recount this person) — or, before the fix,
  // runs at once on a snapshot without it.
  await Promise.race([status.esperarAlguemBloqueado(2_000).catch(() => undefined), mudanca]);
  await status.commit();
  await mudanca;
  await endereco.commit();
  const c = await comparar(pessoa);
  expect(c.ingenua.outra).toBe(1);
  expect(c.tabela).toEqual(c.ingenua);
});

// A status change queues on the registry's status counters anyway; moving registrations between
// people does not, and left pessoa_multiplos_vivos wrong.
it('múltiplos vivos: a registration moved in while another is moved out, at the same time: the table equals the naive query', async () => {
  const p = await pessoaCom([1], 'AL'); // one live registration: not in the table
  const q = await pessoaCom([1], 'AL');
  const r = await pessoaCom([1], 'AL');
  expect((await comparar(p.pessoa)).tabela.multiplos).toBe(false);
  const entra = await TransacaoParalela.abrir(url);
  await entra.sql(`update contribuinte set numero_pessoa = $1 where id = $2`, [p.pessoa, q.ids[0]]); // alone it sees two live
  const sai = await TransacaoParalela.abrir(url);
  const saida = sai.sql(`update contribuinte set numero_pessoa = $1 where id = $2`, [r.pessoa, p.ids[0]]); // alone it sees none
  await Promise.race([entra.esperarAlguemBloqueado(2_000).catch(() => undefined), saida]);
  await entra.commit();
  await saida;
  await sai.commit();
  for (const pessoa of [p.pessoa, q.pessoa, r.pessoa]) {
    const c = await comparar(pessoa);
    expect(c.tabela).toEqual(c.ingenua);
  }
  expect((await comparar(r.pessoa)).tabela.multiplos).toBe(true);
});
