import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PaginaBuscaNome } from '@cadastro/domain';
import { query } from '../../db/consulta.js';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { buscarPorNome } from './busca-nome.js';

// The search screen's name search (#43) and its keyset pages (#40 §2), against a generated registry
// large enough for a common text to pass the §7 call's 1,000-result ceiling (which text: `comum`, from the data).
let t: TestApp;
let clerk: Client;
const api = '/sfz-cadastro-api/api/contribuinte';
const rows = <T>(text: string) => query<T>(t.db, sql.raw(text));
const busca = async (termo: string, size = 100, apos?: string): Promise<PaginaBuscaNome> => {
  const r = await clerk.get(`${api}/buscarPorNome?termo=${encodeURIComponent(termo)}&size=${size}${apos ? `&apos=${apos}` : ''}`);
  expect(r.statusCode).toBe(200);
  return r.json();
};
/** Every page of a search, following `proximo`. */
async function todas(termo: string) {
  const achados: PaginaBuscaNome['content'] = [];
  let r = await busca(termo);
  achados.push(...r.content);
  while (r.proximo) {
    r = await busca(termo, 100, r.proximo);
    achados.push(...r.content);
  }
  return achados;
}
const plain = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** The accent-free words of a name (JavaScript's \b counts "Í" as a boundary: "ALÍCIA" would hold "CIA"). */
const palavrasDe = (s: string) => plain(s).split(/[^a-z0-9]+/);

/** Gives registrations (the `de`-th from the last on) these names: the person triggers keep the search's tables. */
async function renomeia(nomes: string[], de: number) {
  const cs = await rows<{ numero_pessoa: number }>(`select numero_pessoa from contribuinte order by id desc offset ${de} limit ${nomes.length}`);
  for (const [i, nome] of nomes.entries()) await t.db.execute(sql`update pessoa set nome = ${nome} where numero_pessoa = ${cs[i]!.numero_pessoa}`);
}
/** A text more than 1,000 registrations' names contain (the registry's mix decides which: most are people's names). */
let comum: string;
const contem = async (termo: string) =>
  (await rows<{ n: number }>(`select count(*)::int as n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.nome_busca like '%${termo}%'`))[0]!.n;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 5000, seed: 5 } });
  clerk = await t.as('atendente');
  for (const termo of ['ltda', 'eir', 'ira', 'mar']) if ((await contem(termo)) > 1000) { comum = termo; break; }
}, 300_000);
afterAll(() => t.close());

describe('GET contribuinte/buscarPorNome', () => {
  it('pages reach every "contains" match past the §7 call\'s 1,000 (keyset), each once, the total said to be a floor', async () => {
    expect(comum, 'a text more than 1,000 names contain').toBeDefined();
    const esperado = await contem(comum);
    const primeira = await busca(comum, 10);
    expect(primeira).toMatchObject({ total: 1000, totalIsLowerBound: true });
    const achados = (await todas(comum)).filter((c) => c.tipo === 'CONTEM');
    expect(achados).toHaveLength(esperado);
    expect(new Set(achados.map((c) => c.numeroCaceal)).size).toBe(esperado);
    expect(achados.every((c) => plain(c.razaoSocial).includes(comum))).toBe(true);
    // In name order, so the last page holds the end of the alphabet (the §7 call never got past "ALBUQUERQUE & B…").
    const chaves = achados.map((c) => plain(c.razaoSocial));
    expect(chaves.at(-1)! >= chaves[0]!).toBe(true);
  }, 120_000);

  it('the first page of a common text reads only the "contains" matches: the later groups are not looked for (parecidos null) until a page reaches their end', async () => {
    const primeira = await busca(comum, 10);
    expect(primeira).toMatchObject({ total: 1000, totalIsLowerBound: true, parecidos: null });
    expect(primeira.content).toHaveLength(10);
    // Nothing contains the text: the same first page looks for them at once, and says so.
    expect(await busca('sousa', 10)).toMatchObject({ total: 0, parecidos: true });
    expect(await busca('pereira qxwzk', 10)).toMatchObject({ total: 0, parecidos: false, content: [] });
  });

  it('a page is few round trips and no transaction: the count, the vocabulary\'s forms only when it reaches the later groups, and ONE statement for every group', async () => {
    // Both drivers send every statement through their client's query(); a transaction would go through connect() (a pool) or transaction() (PGlite).
    const cliente = (t.db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
    const idas = async (termo: string, apos?: string) => {
      const espias = ['query', 'connect', 'transaction'].filter((m) => typeof cliente[m] === 'function').map((m) => [m, vi.spyOn(cliente, m)] as const);
      try {
        const pagina = await buscarPorNome(t.db, termo, 10, apos);
        return { pagina, ...Object.fromEntries(espias.map(([m, e]) => [m, e.mock.calls.length])) } as { pagina: PaginaBuscaNome; query: number; connect?: number; transaction?: number };
      } finally {
        for (const [, e] of espias) e.mockRestore();
      }
    };
    const semTransacao = (r: { connect?: number; transaction?: number }) => expect((r.connect ?? 0) + (r.transaction ?? 0)).toBe(0);
    // Nothing contains it: the count, the forms, one page of the variants (the code before: the count, then
    // BEGIN, set_config, the forms, a statement a group and COMMIT).
    const sousa = await idas('sousa');
    expect(sousa.pagina.content.length).toBeGreaterThan(0);
    expect(sousa.query).toBe(3);
    semTransacao(sousa);
    // A common text's first page: the "contains" groups alone, in one statement after the count (and, for a
    // common text walked in name order, the vocabulary's whole words).
    const cheia = await idas(comum);
    expect(cheia.pagina.parecidos).toBeNull();
    expect(cheia.query).toBeLessThanOrEqual(3);
    semTransacao(cheia);
    // Its second page: the same.
    const segunda = await idas(comum, cheia.pagina.proximo!);
    expect(segunda.pagina.content).toHaveLength(10);
    expect(segunda.query).toBeLessThanOrEqual(3);
    // A name only a few contain, then its variants on the same page: still one statement for every group.
    const [c] = await rows<{ nome_busca: string }>(`select p.nome_busca from contribuinte_nome p where p.registros = 1 and p.nome_busca ~ '^[a-z]+ [a-z]+ [a-z]+$'
      and (select count(*) from contribuinte_nome q where q.nome_busca like '%' || p.nome_busca || '%') = 1 order by p.numero_pessoa limit 1`);
    const poucos = await idas(c!.nome_busca);
    expect(poucos.pagina.content[0]).toMatchObject({ tipo: 'CONTEM' });
    expect(poucos.pagina.parecidos).not.toBeNull();
    expect(poucos.query).toBe(3);
    semTransacao(poucos);
  });

  it('the first page of "contains" is what a naive query gives: names that begin with the text, then whole words, then name order, whichever index reads it', async () => {
    let algum = 0;
    for (const termo of ['ltda', 'comercio', 'de comercio', 'silva', 'comercio vare', 'cia', 'maria', 'e servicos', 'comercio e', 'da s', comum]) {
      const re = `(^|[^a-z0-9])${termo}($|[^a-z0-9])`;
      const esperado = await rows<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
        where p.nome_busca like '%${termo}%' order by p.nome_busca !~ '^${termo}($|[^a-z0-9])', p.nome_busca !~ '${re}', p.nome_busca collate "C", p.numero_pessoa, c.numero_caceal limit 20`);
      algum += esperado.length;
      const r = await busca(termo, 20);
      // A text no name contains gives no "contains" row (the later groups may follow).
      expect(r.content.filter((c) => c.tipo === 'CONTEM').slice(0, esperado.length).map((c) => c.numeroCaceal), termo).toEqual(esperado.map((e) => e.numero_caceal));
    }
    expect(algum).toBeGreaterThan(0);
  });

  it('a sound variant: "sousa" finds the SOUZAs (none contains "sousa"), marked VARIANTE; the §7 call still answers none', async () => {
    const [souzas] = await rows<{ n: number }>(`select count(*)::int as n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.nome_busca ~ '(^|[^a-z0-9])souza($|[^a-z0-9])'`);
    expect(souzas!.n).toBeGreaterThan(0);
    const achados = await todas('sousa');
    expect(achados.filter((c) => /\bSOUZA\b/.test(c.razaoSocial))).toHaveLength(souzas!.n);
    expect(achados.every((c) => c.tipo === 'VARIANTE')).toBe(true);
    // The §7 call keeps its contract: names that contain the text, the same total.
    expect((await clerk.get(`${api}/obterListaContribuintes/RAZAO_SOCIAL/sousa/0/10`)).json()).toMatchObject({ totalElements: 0, content: [] });
    const [contem] = await rows<{ n: number }>(`select count(*)::int as n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.nome_busca like '%souza%'`);
    const s7 = (await clerk.get(`${api}/obterListaContribuintes/RAZAO_SOCIAL/souza/0/100`)).json();
    expect(s7.totalElements).toBe(contem!.n);
    expect(s7.content.every((c: { razaoSocial: string }) => plain(c.razaoSocial).includes('souza'))).toBe(true);
  }, 60_000);

  it('words in any order, a connective left out: "<last> da <first>" finds the name, marked PALAVRAS', async () => {
    const [c] = await rows<{ numero_caceal: number; nome_busca: string }>(
      `select c.numero_caceal, p.nome_busca from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.nome_busca ~ '^[a-z]{3,} [a-z]+ [a-z]{3,} ' order by c.id limit 1`,
    );
    const [primeiro, , terceiro] = c!.nome_busca.split(' ');
    const r = await todas(`${terceiro} da ${primeiro}`);
    expect(r.find((x) => x.numeroCaceal === c!.numero_caceal)?.tipo).toBe('PALAVRAS');
    // Every word, any order, first; then (typos) the names a letter away.
    const palavras = r.filter((x) => x.tipo === 'PALAVRAS');
    expect(r.slice(0, palavras.length)).toEqual(palavras);
    expect(palavras.every((x) => palavrasDe(x.razaoSocial).includes(primeiro!) && palavrasDe(x.razaoSocial).includes(terceiro!))).toBe(true);
  }, 60_000);

  it('a typo (one edit) finds the name last, marked APROXIMADO', async () => {
    const [c] = await rows<{ numero_caceal: number; nome_busca: string }>(
      `select c.numero_caceal, p.nome_busca from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.nome_busca ~ '^[a-z]{8,} [a-z]{3,} ' and substr(p.nome_busca, 4, 1) <> substr(p.nome_busca, 5, 1)
         and split_part(p.nome_busca, ' ', 2) not in ('das', 'dos') order by c.id desc limit 1`,
    );
    const [w1, w2] = c!.nome_busca.split(' ') as [string, string];
    const typo = `${w1.slice(0, 3)}${w1[4]}${w1[3]}${w1.slice(5)}`; // two letters swapped: two edits, an 8+ letter word allows them
    const r = await todas(`${typo} ${w2}`);
    expect(r.find((x) => x.numeroCaceal === c!.numero_caceal)?.tipo).toBe('APROXIMADO');
    expect(r.at(-1)?.tipo).toBe('APROXIMADO');
  }, 60_000);

  it('an abbreviation: "comercio limitada" finds COMÉRCIO … LTDA (none contains it), marked VARIANTE', async () => {
    const r = await busca('comercio limitada', 20);
    expect(r.content.length).toBeGreaterThan(0);
    expect(r.content.every((c) => c.tipo === 'VARIANTE' && palavrasDe(c.razaoSocial).includes('comercio') && palavrasDe(c.razaoSocial).includes('ltda'))).toBe(true);
  });

  it('"cia" as a whole word comes before names where it sits inside a word; "companhia" finds it too', async () => {
    const [c] = await rows<{ numero_pessoa: number }>(`select numero_pessoa from contribuinte order by id desc limit 1`);
    await t.db.execute(sql`update pessoa set nome = 'ZULEIDE TECIDOS & CIA' where numero_pessoa = ${c!.numero_pessoa}`);
    // Firmas "X & CIA" are in the registry too: every whole-word "cia" comes before the first name holding it inside a word.
    const r = (await todas('cia')).filter((x) => x.tipo === 'CONTEM');
    const inteira = r.map((x) => palavrasDe(x.razaoSocial).includes('cia'));
    const primeiraDentro = inteira.indexOf(false);
    expect(primeiraDentro).toBeGreaterThan(0);
    expect(inteira.slice(primeiraDentro).every((x) => !x)).toBe(true);
    expect(r.slice(0, primeiraDentro).map((x) => x.razaoSocial)).toContain('ZULEIDE TECIDOS & CIA');
    const comp = await busca('tecidos companhia', 10);
    expect(comp.content.map((x) => [x.razaoSocial, x.tipo])).toContainEqual(['ZULEIDE TECIDOS & CIA', 'VARIANTE']);
  });

  it('ranks within a group: the typed words in the name\'s order first (MOREIRA & BARROS before BARROS & MOREIRA), then fewer words not typed', async () => {
    const nomes = ['XURUPITA & MANDACARU LTDA', 'MANDACARU & XURUPITA LTDA', 'XURUPITA MANDACARU TECIDOS LTDA'];
    await renomeia(nomes, 200);
    const r = (await todas('xurupita mandacaru limitada')).filter((x) => nomes.includes(x.razaoSocial));
    expect(r.map((x) => [x.razaoSocial, x.tipo])).toEqual([[nomes[0], 'VARIANTE'], [nomes[1], 'VARIANTE'], [nomes[2], 'VARIANTE']]);
  });

  it('a MEI\'s CPF after the name is no word the clerk left out: ZEQUINHA MURITIBA TABOCAS 12345678901 before … TABOCAS PAO, and alike otherwise', async () => {
    const nomes = ['ZEQUINHA MURITIBA TABOCAS 12345678901', 'ZEQUINHA MURITIBA TABOCAS PAO', 'ZEQUINHA MURITIBA TABOCALHADAS'];
    await renomeia(nomes, 300);
    const r = (await todas('tabocas zequinha muritiba')).filter((x) => nomes.includes(x.razaoSocial));
    expect(r.map((x) => [x.razaoSocial, x.tipo])).toEqual([[nomes[0], 'PALAVRAS'], [nomes[1], 'PALAVRAS']]);
    // Alike but for the similarity to the text: the CPF's digits do not count against the MEI.
    const s = (await todas('muritiba zequinha tabo')).filter((x) => nomes.includes(x.razaoSocial));
    expect(s.map((x) => x.razaoSocial).slice(0, 2)).toEqual([nomes[0], nomes[2]]);
  });

  it('ranked pages follow one total order: small pages give the same rows as one large one, each once', async () => {
    for (const termo of ['sousa', 'comercio limitada', 'silva joao']) {
      const grandes = await todas(termo);
      const pequenas: PaginaBuscaNome['content'] = [];
      let r = await busca(termo, 7);
      pequenas.push(...r.content);
      while (r.proximo) {
        r = await busca(termo, 7, r.proximo);
        pequenas.push(...r.content);
      }
      expect(grandes.length, termo).toBeGreaterThan(7);
      expect(pequenas, termo).toEqual(grandes);
      expect(new Set(pequenas.map((c) => c.numeroCaceal)).size, termo).toBe(pequenas.length);
    }
  }, 120_000);

  it('nothing at all: "Você quis dizer…" offers the closest names', async () => {
    const r = await busca('pereira qxwzk', 10);
    expect(r).toMatchObject({ total: 0, content: [], proximo: null });
    expect(r.sugestoes.length).toBeGreaterThan(0);
    expect(r.sugestoes.every((n) => /PEREIRA/.test(n))).toBe(true);
  });

  it('bad input → 400 problem with the field; roles: 401 anonymous, 403 without CON_DADOS_CONTRI', async () => {
    expect(expectProblem(await clerk.get(`${api}/buscarPorNome?termo=ab`), 400).fieldErrors?.map((f) => f.field)).toContain('termo');
    expect(expectProblem(await clerk.get(`${api}/buscarPorNome?termo=silva&size=1000`), 400).fieldErrors?.map((f) => f.field)).toContain('size');
    expect(expectProblem(await clerk.get(`${api}/buscarPorNome?termo=silva&apos=naoeumaposicao`), 400).fieldErrors?.map((f) => f.field)).toContain('apos');
    expectProblem(await t.client().get(`${api}/buscarPorNome?termo=silva`), 401);
    expectProblem(await (await t.as('user')).get(`${api}/buscarPorNome?termo=silva`), 403);
    expect((await (await t.as('auditor')).get(`${api}/buscarPorNome?termo=silva`)).statusCode).toBe(200);
  });
});
