import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { ensureReferenceData } from '../referencia/index.js';
import { seedRegistry } from '../registro.js';
import { testDatabaseUrl } from '../../test/harness.js';
import { CACEAL_POR_TIPO, TIPOS_CACEAL } from '@cadastro/domain';
import { contarViolacoes, REGRAS_COERENCIA, SA_COOP } from './coerencia.js';
import { avisoDeCurvatura, conferirCapacidade, CotasTipo, maiorRegistroFiel, MAX_CONTRIBUINTES } from './tipos.js';

/** A generated registry checked against the domain's rules (coerencia.ts): every count must be 0. */
const N = 3000;
let db: Database;

beforeAll(async () => {
  db = await openDatabase(await testDatabaseUrl(), '/tmp');
  await ensureReferenceData(db.db);
  await seedRegistry(db, { taxpayers: N, seed: 30 });
}, 180_000);
afterAll(async () => {
  await db.close();
});

describe('coherence of a generated registry', () => {
  it(`${N} taxpayers: every rule has 0 violations`, async () => {
    const v = await contarViolacoes(db);
    // Every rule and every published share (issue 42) is counted, and none is broken.
    expect(Object.keys(v)).toEqual(expect.arrayContaining([...Object.keys(REGRAS_COERENCIA), 'proporcao:porte MEI', 'proporcao:limitada (206-2)']));
    expect(v).toEqual(Object.fromEntries(Object.keys(v).map((r) => [r, 0])));
  });

  it('the sample is not empty where the rules look (so a 0 means something)', async () => {
    const x = await queryOne<Record<string, number>>(db.db, sql.raw(`select
      (select count(*)::int from pessoa where natureza_juridica_id = 2135 and tipo = 'J') individuais,
      (select count(*)::int from pessoa where natureza_juridica_id in ${SA_COOP}) sa,
      (select count(*)::int from contribuinte where eh_mei) meis,
      (select count(*)::int from contribuinte where sublimite_excedido) sublimites,
      (select count(*)::int from contribuinte where motivo_id = 501) duplicidades,
      (select count(*)::int from edital where situacao_edital_id in (3, 4) and situacao_cadastral_futura_id is not null) editais,
      (select count(*)::int from historico_situacao where edital_id is not null) efeitos,
      (select count(*)::int from pessoa where numero_pessoa_raiz is not null) filiais,
      (select count(distinct tipo_contribuinte_id)::int from contribuinte) tipos,
      (select count(*)::int from contribuinte c join pessoa p using (numero_pessoa) where p.tipo = 'F') produtores_pf,
      (select count(*)::int from historico_razao_social where nome like '% EIRELI') ex_eirelis,
      (select count(*)::int from pessoa where natureza_juridica_id = 2240) sociedades_simples,
      (select count(*)::int from pessoa where natureza_juridica_id in (2062, 2240) and nome like '%&%') firmas,
      (select count(*)::int from atividade_contribuinte where not eh_interesse) fora_de_interesse,
      (select count(*)::int from contador where not apto) contadores_inaptos`));
    for (const [k, v] of Object.entries(x!)) expect(v, k).toBeGreaterThan(0);
  });
});

describe('the CACEAL numbering space', () => {
  it('refuses more than 500,000 taxpayers, saying why', () => {
    expect(MAX_CONTRIBUINTES).toBe(500_000);
    expect(() => conferirCapacidade(500_001)).toThrow(/third digit is the taxpayer type/);
    expect(() => conferirCapacidade(500_000)).not.toThrow();
  });

  it('fills 500,000 exactly: no type beyond its 100,000 numbers, natural types kept while they fit', () => {
    const naturais = new Map([[0, 0.3], [3, 0.02], [5, 0.02], [7, 0.06], [8, 0.6]]);
    for (const total of [500_000, 250_000]) {
      const cotas = new CotasTipo(total, naturais);
      const usados = new Map<number, number>();
      let k = 0;
      for (let feitos = 0; feitos < total; feitos++) {
        // Natural types in their shares, in a fixed order.
        const natural = [8, 0, 8, 7, 8, 0, 8, 3, 8, 0, 8, 5, 8, 0, 8, 8, 0, 8, 8, 0][k++ % 20]!;
        const t = cotas.escolher(natural, feitos);
        if (cotas.espaco(t) <= 0) throw new Error(`type ${t} is full at ${feitos}`);
        cotas.proximo(t);
        usados.set(t, (usados.get(t) ?? 0) + 1);
      }
      expect([...usados.values()].reduce((s, n) => s + n, 0)).toBe(total);
      for (const t of TIPOS_CACEAL) expect(usados.get(t) ?? 0).toBeLessThanOrEqual(CACEAL_POR_TIPO);
      if (total === 500_000) for (const t of TIPOS_CACEAL) expect(usados.get(t)).toBe(CACEAL_POR_TIPO);
    }
    // Issue 42: the largest registry in the published mix, and beyond it the bend said before anything is written.
    expect(maiorRegistroFiel(naturais)).toBe(150_000); // 0.9 × 100,000 / 0.6 (MICROEMPRESA)
    expect(avisoDeCurvatura(150_000, naturais)).toBeNull();
    const aviso = avisoDeCurvatura(200_000, naturais)!;
    expect(aviso).toMatch(/^200,000 taxpayers do not fit .* the largest registry that keeps the published shares is 150,000\./);
    // MICROEMPRESA stops at its 100,000; the others share the rest in their natural proportion, not uniformly.
    expect(aviso).toMatch(/8 MICROEMPRESA +published mix +60\.0 % → 100,000 \(50\.0 %\)/);
    expect(aviso).toMatch(/0 NORMAL +published mix +30\.0 % → +75,000 \(37\.5 %\)/);
    // A small registry keeps its natural shares.
    const pequena = new CotasTipo(3000, naturais);
    expect([0, 3, 5, 7, 8].map((t) => pequena.escolher(t, 100))).toEqual([0, 3, 5, 7, 8]);
  });
});
