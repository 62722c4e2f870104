import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { ensureReferenceData } from '../../seed/referencia/index.js';
import { seedRegistry } from '../../seed/registro.js';
import { testDatabaseUrl } from '../../test/harness.js';
import { buscarContribuintes, COUNT_CAP, countQuery, searchQuery, type Contagem } from './busca.js';

let db: Database;
const one = async <T>(text: string) => (await queryOne<T>(db.db, sql.raw(text)))!;

beforeAll(async () => {
  db = await openDatabase(await testDatabaseUrl(), '/tmp');
  await ensureReferenceData(db.db);
  await seedRegistry(db, { taxpayers: 1200, seed: 5 });
}, 120_000);
afterAll(() => db.close());

describe('taxpayer search SQL', () => {
  it('CACEAL: exactly the registration, with masked input tolerated', async () => {
    const c = await one<{ numero_caceal: number; numero_pessoa: number }>('select numero_caceal, numero_pessoa from contribuinte order by id limit 1 offset 7');
    const r = await buscarContribuintes(db.db, 'CACEAL', String(c.numero_caceal), 0, 10);
    expect(r.content).toHaveLength(1);
    expect(r.content[0]).toMatchObject({ numeroCaceal: c.numero_caceal, numeroPessoa: Number(c.numero_pessoa) });
  });

  it('CNPJ (masked, also alphanumeric) and root: the registrations of that person / of head office and branches', async () => {
    const p = await one<{ numero_documento: string; raiz_cnpj: string }>(
      `select m.numero_documento, m.raiz_cnpj from pessoa m where exists (select 1 from pessoa f where f.numero_pessoa_raiz = m.numero_pessoa) limit 1`,
    );
    const masked = p.numero_documento.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    const byCnpj = await buscarContribuintes(db.db, 'CNPJ', masked, 0, 10);
    expect(byCnpj.content.length).toBeGreaterThanOrEqual(1);
    expect(byCnpj.content.every((c) => c.cnpj === p.numero_documento)).toBe(true);
    const byRoot = await buscarContribuintes(db.db, 'RAIZ_DO_CNPJ', p.raiz_cnpj, 0, 10);
    expect(byRoot.content.length).toBeGreaterThan(byCnpj.content.length);
    expect(byRoot.content.every((c) => c.cnpj.startsWith(p.raiz_cnpj))).toBe(true);
    // One statement carries the total on each row; a page past the end still knows the total.
    const past = await buscarContribuintes(db.db, 'RAIZ_DO_CNPJ', p.raiz_cnpj, 50, 10);
    expect(past).toEqual({ content: [], totalElements: byRoot.totalElements, totalIsLowerBound: false });
    const alnum = await one<{ numero_documento: string }>(`select numero_documento from pessoa where numero_documento ~ '[A-Z]' limit 1`);
    expect((await buscarContribuintes(db.db, 'CNPJ', alnum.numero_documento.toLowerCase(), 0, 10)).content.length).toBeGreaterThan(0);
  });

  it('CPF: the registrations of an individual taxpayer (a rural producer), masked input tolerated; a partner alone is no taxpayer', async () => {
    const f = await one<{ numero_pessoa: number; numero_documento: string }>(
      `select numero_pessoa, numero_documento from pessoa p where tipo = 'F' and not exists (select 1 from contribuinte c where c.numero_pessoa = p.numero_pessoa) limit 1`,
    );
    expect((await buscarContribuintes(db.db, 'CPF', f.numero_documento, 0, 10)).totalElements).toBe(0);
    const c = await one<{ id: number; numero_caceal: number }>('select id, numero_caceal from contribuinte order by id desc limit 1');
    await db.db.execute(sql`update contribuinte set numero_pessoa = ${f.numero_pessoa} where id = ${c.id}`);
    const masked = f.numero_documento.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    const r = await buscarContribuintes(db.db, 'CPF', masked, 0, 10);
    expect(r.totalElements).toBe(1);
    expect(r.content[0]).toMatchObject({ numeroCaceal: c.numero_caceal, numeroPessoa: Number(f.numero_pessoa), cnpj: f.numero_documento });
  });

  const plain = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

  it('RAZAO_SOCIAL: contains, accent- and case-insensitive; names starting with it first, each group alphabetical', async () => {
    const withAccent = await one<{ nome: string }>(`select nome from pessoa where tipo = 'J' and nome ~ '[ÁÉÍÓÚÃÕÇ]' limit 1`);
    const word = withAccent.nome.split(' ').find((w) => /[ÁÉÍÓÚÃÕÇ]/.test(w))!;
    const typed = plain(word);
    const all: string[] = [];
    for (let page = 0; page < 5; page++) {
      const r = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', typed, page, 10);
      all.push(...r.content.map((c) => c.razaoSocial));
      if (r.content.length < 10) break;
    }
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((n) => plain(n).includes(typed))).toBe(true);
    const starts = all.filter((n) => plain(n).startsWith(typed));
    expect(all.slice(0, starts.length)).toEqual(starts); // the starting-with group comes first
    const byKey = (xs: string[]) => xs.map(plain).every((v, i, a) => i === 0 || a[i - 1]! <= v);
    expect(byKey(starts)).toBe(true);
    expect(byKey(all.slice(starts.length))).toBe(true);
  });

  it('RAZAO_SOCIAL: the same matches typed with accents and capitals (normalized by the API) or with a letter only the database knows', async () => {
    const withAccent = await one<{ nome: string }>(`select nome from pessoa p where tipo = 'J' and nome ~ '[ÁÉÍÓÚÃÕÇ]' and exists (select 1 from contribuinte c where c.numero_pessoa = p.numero_pessoa) limit 1`);
    const word = withAccent.nome.split(' ').find((w) => /[ÁÉÍÓÚÃÕÇ]/.test(w))!;
    const comoDigitado = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', ` ${word} `, 0, 10);
    const semAcento = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', plain(word), 0, 10);
    expect(comoDigitado.content.length).toBeGreaterThan(0);
    expect(comoDigitado).toEqual(semAcento);
    const c = await one<{ numero_pessoa: number; nome: string }>('select p.numero_pessoa, p.nome from contribuinte c join pessoa p using (numero_pessoa) order by c.id limit 1 offset 11');
    await db.db.execute(sql`update pessoa set nome = ${`${c.nome} FÆRØ`} where numero_pessoa = ${c.numero_pessoa}`);
    try {
      const r = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', 'færø', 0, 10); // unaccent: æ → ae, ø → o
      expect(r.content.map((x) => x.numeroPessoa)).toEqual([Number(c.numero_pessoa)]);
      expect(r.totalElements).toBe(1);
    } finally {
      await db.db.execute(sql`update pessoa set nome = ${c.nome} where numero_pessoa = ${c.numero_pessoa}`);
    }
  });

  it('RAZAO_SOCIAL: a page wholly inside the starting-with group, and paging without repeats', async () => {
    const p = await one<{ nome: string }>(`select nome from pessoa where tipo = 'J' and nome like '% & %' limit 1`);
    const typed = plain(p.nome.split(' ')[0]!);
    const p1 = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', typed, 0, 5);
    const p2 = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', typed, 1, 5);
    expect(plain(p1.content[0]!.razaoSocial).startsWith(typed)).toBe(true);
    const ids = [...p1.content, ...p2.content].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a common term caps the count ("mais de 1.000"); % and _ are literal; nothing found → empty', async () => {
    const r = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', 'a', 0, 10);
    expect(r.totalElements).toBe(COUNT_CAP);
    expect(r.totalIsLowerBound).toBe(true);
    expect((await buscarContribuintes(db.db, 'RAZAO_SOCIAL', '%', 0, 10)).content).toEqual([]);
    expect((await buscarContribuintes(db.db, 'RAZAO_SOCIAL', 'zzzqqqxxx', 0, 10)).totalElements).toBe(0);
  });

  it('the capped count is exact whichever way it is proved (prefix, bounded walk, word or trigram index)', async () => {
    const nome = (await one<{ nome: string }>(`select nome from pessoa where tipo = 'J' and nome like '% % %' order by numero_pessoa limit 1 offset 40`)).nome;
    const amp = (await one<{ nome: string }>(`select nome from pessoa where tipo = 'J' and nome like '% & %' limit 1`)).nome;
    const [w0, w1, w2] = plain(nome).split(' ') as [string, string, string];
    const terms = ['ltda', 'de', w0, `${w0} ${w1}`, `${w1} ${w2}`, plain(amp.split(' ').slice(0, 3).join(' ')), `${w1} de`, 'e ltda',
      // fragments: the end of a word, then the start of the next; a middle word whole; inside a word; odd spacing
      `${w0.slice(1)} ${w1.slice(0, 3)}`, `${w0.slice(2)} ${w1} ${w2.slice(0, 2)}`, w1.slice(1, -1), `${w0}  ${w1}`, ` ${w1} `, `${w0} ${w1.slice(0, 2)}_`];
    for (const term of terms) {
      const { n } = await one<{ n: number }>(`select count(*)::int as n from contribuinte c join pessoa p using (numero_pessoa)
        where p.nome_busca like '%${term.trim().replace(/'/g, "''").replace(/_/g, '\\_')}%'`);
      const r = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', term, 0, 10);
      expect({ term, total: r.totalElements, lower: r.totalIsLowerBound }).toEqual({ term, total: Math.min(n, COUNT_CAP), lower: n > COUNT_CAP });
    }
  });

  it('terms of several words (pair index): page and total equal the naive SQL, pages 1 and 2, both groups in order', async () => {
    // The kinds a clerk types: a common word + the start of the next ("comercio vare"), two whole
    // words, a surname + the start of a name, the end of a word + whole words + a start.
    const nomes = (await query<{ nome_busca: string }>(db.db, sql.raw(`select p.nome_busca from contribuinte c join pessoa p using (numero_pessoa)
      where p.nome_busca like '% % % %' order by c.id limit 6`))).map((r) => r.nome_busca.split(' '));
    const terms = nomes.flatMap((ws) => [`${ws[1]} ${ws[2]!.slice(0, 3)}`, `${ws[1]} ${ws[2]}`, `${ws[0]!.slice(1)} ${ws[1]} ${ws[2]!.slice(0, 2)}`, `${ws[0]} ${ws[1]!.slice(0, 1)}`]);
    terms.push('comercio vare', 'varejista de', 'de m', 'ltda');
    for (const term of terms) {
      for (const page of [0, 1]) {
        const n = (await queryOne<{ total: number; ids: number[] }>(db.db, sql`with m as (select c.id, p.nome_busca, p.numero_pessoa, c.numero_caceal,
            p.nome_busca collate "C" like ${`${term}%`} as inicio from contribuinte c join pessoa p using (numero_pessoa) where p.nome_busca like ${`%${term}%`})
          select (select count(*)::int from m) as total, (select coalesce(array_agg(id), '{}') from (select id from m
            order by inicio desc, nome_busca collate "C", numero_pessoa, numero_caceal limit 10 offset ${page * 10}) x) as ids`))!;
        const r = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', term, page, 10);
        const ids = await Promise.all(r.content.map(async (c) => (await one<{ id: number }>(`select id from contribuinte where numero_caceal = ${c.numeroCaceal}`)).id));
        expect({ term, page, total: r.totalElements, lower: r.totalIsLowerBound, ids }).toEqual({
          term, page, total: Math.min(n.total, COUNT_CAP), lower: n.total > COUNT_CAP, ids: n.ids.map(Number),
        });
      }
    }
  });

  it('the page of a common text is the same read through the word index (few candidates) or by walking the name index', async () => {
    for (const term of ['de', 'comercio de', 'ltda', 'com.']) {
      const c = (await query<Contagem>(db.db, countQuery('RAZAO_SOCIAL', term, 20)))[0]!;
      for (const page of [0, 1]) {
        const naive = (await query<{ id: number }>(db.db, sql`select c.id from contribuinte c join pessoa p using (numero_pessoa)
          where p.nome_busca like ${`%${term}%`} order by p.nome_busca collate "C" like ${`${term}%`} desc, p.nome_busca collate "C", p.numero_pessoa, c.numero_caceal
          limit 10 offset ${page * 10}`)).map((r) => Number(r.id));
        // As if more than COUNT_CAP matched: the page walks the name index, or reads the candidates when few.
        for (const candidatos of [null, 1]) {
          const { query: q, ordered } = searchQuery('RAZAO_SOCIAL', term, page, 10, { ...c, total: COUNT_CAP + 1, pessoas: undefined, candidatos });
          const ids = (await query<{ id: number }>(db.db, q)).map((r) => Number(r.id));
          expect({ term, page, candidatos, ordered, ids }).toEqual({ term, page, candidatos, ordered: true, ids: naive });
        }
      }
    }
  });

  it('a name written after the load is found by every word and fragment (the vocabulary follows the trigger)', async () => {
    const c = await one<{ numero_pessoa: number; nome: string }>(`select p.numero_pessoa, p.nome from contribuinte c join pessoa p using (numero_pessoa) order by c.id limit 1 offset 3`);
    const ultima = plain(c.nome.split(' ').at(-1)!);
    await db.db.execute(sql`update pessoa set nome = ${`${c.nome} ZUMBATÉCNICA`} where numero_pessoa = ${c.numero_pessoa}`);
    for (const term of ['zumbatecnica', 'umbatec', `${ultima} zumba`, `${ultima.slice(1)} zumbatecnica`]) {
      const r = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', term, 0, 10);
      expect({ term, pessoas: r.content.map((x) => x.numeroPessoa) }).toEqual({ term, pessoas: [Number(c.numero_pessoa)] });
    }
  });

  it('the search table follows registrations added, moved to another person and deleted, and renames (contribuinte_nome = registrations per person)', async () => {
    const diferencas = async () => (await one<{ n: number }>(`select count(*)::int as n from (
        (select numero_pessoa, nome_busca::text, registros from contribuinte_nome
          except select p.numero_pessoa, p.nome_busca::text, count(*)::int from contribuinte c join pessoa p using (numero_pessoa) group by 1, 2)
        union all
        (select p.numero_pessoa, p.nome_busca::text, count(*)::int from contribuinte c join pessoa p using (numero_pessoa) group by 1, 2
          except select numero_pessoa, nome_busca::text, registros from contribuinte_nome)) d`)).n;
    expect(await diferencas()).toBe(0);
    // A partner (no registration) gets one: found by name; the former holder loses it.
    const socio = await one<{ numero_pessoa: number; nome: string }>(`select numero_pessoa, nome from pessoa p where tipo = 'F'
      and not exists (select 1 from contribuinte c where c.numero_pessoa = p.numero_pessoa) order by numero_pessoa limit 1`);
    const r = await one<{ id: number; numero_pessoa: number; numero_caceal: number; palavra: string; registros: number }>(`select c.id, c.numero_pessoa, c.numero_caceal,
      split_part(cn.nome_busca, ' ', 1) as palavra, cn.registros from contribuinte c join contribuinte_nome cn using (numero_pessoa) order by c.id limit 1 offset 11`);
    const vocabulario = async () => (await one<{ n: number }>(`select contribuintes as n from nome_vocabulario where palavra = '${r.palavra}'`)).n;
    // The rename of the test above left the lower bound of its words below the truth; start from the truth.
    await db.db.execute(sql`select cadastro_recontar_vocabulario()`);
    const antes = await vocabulario();
    await db.db.execute(sql`update contribuinte set numero_pessoa = ${socio.numero_pessoa} where id = ${r.id}`);
    expect(await diferencas()).toBe(0);
    // The vocabulary's lower bound drops with the registration that left the name (never rises by itself).
    expect(await vocabulario()).toBe(antes - 1);
    const achados = await buscarContribuintes(db.db, 'RAZAO_SOCIAL', socio.nome, 0, 10);
    expect(achados.content.map((x) => x.numeroCaceal)).toContain(r.numero_caceal);
    // A second registration of the same person, then deleted again.
    const caceal = (await one<{ n: number }>('select max(numero_caceal) + 1 as n from contribuinte')).n;
    await db.db.execute(sql`insert into contribuinte select (jsonb_populate_record(null::contribuinte, to_jsonb(c)
      || jsonb_build_object('id', (select max(id) + 1 from contribuinte), 'numero_caceal', ${caceal}::int))).* from contribuinte c where c.id = ${r.id}`);
    expect((await one<{ registros: number }>(`select registros from contribuinte_nome where numero_pessoa = ${socio.numero_pessoa}`)).registros).toBe(2);
    await db.db.execute(sql`delete from contribuinte where numero_caceal = ${caceal}`);
    await db.db.execute(sql`update contribuinte set numero_pessoa = ${r.numero_pessoa} where id = ${r.id}`);
    expect(await diferencas()).toBe(0);
    expect(await one(`select count(*)::int as n from contribuinte_nome where numero_pessoa = ${socio.numero_pessoa}`)).toEqual({ n: 0 });
    // Every word's and pair's figure is at most the registrations whose name has it (what the proof needs).
    const verdade = (itens: string) => `(select w, sum(cn.registros) as n from contribuinte_nome cn,
      lateral (select distinct w from unnest(${itens}) w) x group by w)`;
    const acima = async () => (await one<{ n: number }>(`select
      (select count(*) from nome_vocabulario v left join ${verdade(`string_to_array(cn.nome_busca::text, ' ')`)} t on t.w = v.palavra
        where v.contribuintes > coalesce(t.n, 0))
      + (select count(*) from nome_vocabulario_par v left join ${verdade('cadastro_pares(cn.nome_busca::text)')} t on t.w = v.par
        where v.contribuintes > coalesce(t.n, 0))::int as n`)).n;
    expect(await acima()).toBe(0);
    await db.db.execute(sql`select cadastro_recontar_vocabulario()`);
    expect(await vocabulario()).toBe(antes);
  });
});
