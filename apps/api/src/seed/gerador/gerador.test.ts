import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as bu from '@brazilian-utils/brazilian-utils';
import { isValidCacealWithDigit, isValidCnpj, isValidCpf, tipoDoCaceal } from '@cadastro/domain';
import { openDatabase, type Database } from '../../db/client.js';
import { ensureReferenceData } from '../referencia/index.js';
import { resetRegistry, seedRegistry } from '../registro.js';
import { GRUPOS_OPERACAO, PASSOS_OPERACAO } from './operacao.js';
import { testDatabaseUrl } from '../../test/harness.js';

const N = 1500;
let a: Database;
let b: Database;
const q = async <T>(db: Database, text: string) => (await db.db.execute(sql.raw(text)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  [a, b] = await Promise.all([openDatabase(await testDatabaseUrl(), '/tmp'), openDatabase(await testDatabaseUrl(), '/tmp')]);
  for (const db of [a, b]) {
    await ensureReferenceData(db.db);
    await seedRegistry(db, { taxpayers: N, seed: 42 });
  }
}, 120_000);
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('registry generator', () => {
  it('is deterministic: the same seed gives the same data', async () => {
    const digest = `select md5(string_agg(numero_documento || nome, ',' order by numero_pessoa)) h from pessoa`;
    const digest2 = `select md5(string_agg(numero_caceal || ':' || situacao_id || ':' || data_inicio_atividade, ',' order by id)) h from contribuinte`;
    expect(await q(a, digest)).toEqual(await q(b, digest));
    expect(await q(a, digest2)).toEqual(await q(b, digest2));
  });

  it('writes exactly N registrations with valid CACEAL check digits, the third digit being the taxpayer type', async () => {
    const rows = await q<{ numero_caceal: number; digito_caceal: number; tipo: number }>(a, 'select numero_caceal, digito_caceal, tipo_contribuinte_id tipo from contribuinte');
    expect(rows).toHaveLength(N);
    for (const r of rows) {
      const full = `${r.numero_caceal}${r.digito_caceal}`;
      expect(isValidCacealWithDigit(full), full).toBe(true);
      expect(bu.isValidIe('AL', full), full).toBe(true); // an implementation no one here wrote
      expect(tipoDoCaceal(r.numero_caceal), full).toBe(Number(r.tipo));
    }
    expect(new Set(rows.map((r) => Number(r.tipo))).size).toBeGreaterThanOrEqual(4);
  });

  it('refuses more taxpayers than the CACEAL numbering holds (100,000 per type × 5), before dropping or writing anything', async () => {
    const indices = `select count(*)::int n from pg_indexes where schemaname = 'public'`;
    const antes = await q(a, indices);
    await expect(seedRegistry(a, { taxpayers: 500_001, seed: 1 })).rejects.toThrow(/At most 500,000 taxpayers .*the CACEAL's third digit is the taxpayer type/);
    expect(await q(a, indices)).toEqual(antes);
    expect(await q(a, 'select count(*)::int n from contribuinte')).toEqual([{ n: N }]);
  });

  it('every CPF and CNPJ is valid; some CNPJs are alphanumeric (registrations from July 2026)', async () => {
    const people = await q<{ tipo: string; numero_documento: string }>(a, 'select tipo, numero_documento from pessoa');
    for (const p of people) {
      expect(p.tipo === 'F' ? isValidCpf(p.numero_documento) : isValidCnpj(p.numero_documento), p.numero_documento).toBe(true);
      expect(p.tipo === 'F' ? bu.isValidCpf(p.numero_documento) : bu.isValidCnpj(p.numero_documento, { version: 2 }), p.numero_documento).toBe(true);
    }
    // an alphanumeric CNPJ's current registration starts from July 2026 (an older CACEAL may precede it)
    const [alnum] = await q<{ n: number; late: number }>(a, `select count(*)::int n, count(*) filter (where inicio >= '2026-07-01')::int late
      from (select p.numero_pessoa, max(c.data_inicio_atividade) inicio from pessoa p
        join contribuinte c on c.numero_pessoa = p.numero_pessoa where p.numero_documento ~ '[A-Z]' group by 1) x`);
    expect(alnum!.n).toBeGreaterThan(0);
    expect(alnum!.late).toBe(alnum!.n);
  });

  it('branches share the head office root and point to its person', async () => {
    const rows = await q<{ ok: boolean }>(a, `select f.raiz_cnpj = m.raiz_cnpj as ok from pessoa f join pessoa m on m.numero_pessoa = f.numero_pessoa_raiz`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ok)).toBe(true);
  });

  it('addresses in Alagoas with AL CEPs (tax substitutes in their own state), phones with the DDD of their state, one principal activity each', async () => {
    const [addr] = await q<{ bad: number; municipios: number; fora: number }>(a, `select count(*) filter (where (e.uf = 'AL') = substituto
        or (e.uf = 'AL' and e.cep::int not between 57000000 and 57999999) or m.uf <> e.uf)::int bad,
      count(*) filter (where e.uf <> 'AL')::int fora, count(distinct e.municipio_id)::int municipios
      from endereco e join ref_municipio m on m.id = e.municipio_id
      cross join lateral (select e.eh_principal and exists (select 1 from contribuinte c where c.numero_pessoa = e.numero_pessoa
        and c.tipo_contribuinte_id = 5 and c.indicador_matriz = 'M') as substituto) st`);
    expect(addr!.bad).toBe(0);
    expect(addr!.fora).toBeGreaterThan(0);
    expect(addr!.municipios).toBeGreaterThan(20);
    // DDD 82 in Alagoas; a tax substitute's head office has its own capital's.
    expect((await q<{ n: number }>(a, `select count(*)::int n from telefone t join endereco e on e.numero_pessoa = t.numero_pessoa and e.eh_principal
      where (e.uf = 'AL') <> (t.ddd = '82')`))[0]!.n).toBe(0);
    const [act] = await q<{ sem: number }>(a, `select count(*)::int sem from contribuinte c where not exists
      (select 1 from atividade_contribuinte x where x.contribuinte_id = c.id and x.eh_principal)`);
    expect(act!.sem).toBe(0);
  });

  it('the taxpayer type follows the activity and the size: rural producers farm, substitutes are larger industries or wholesalers, vendors micro retailers', async () => {
    // Every registration whose type contradicts its principal activity (CNAE division), its size or its way of working.
    const [t] = await q<Record<string, number>>(a, `select
      count(*) filter (where (c.tipo_contribuinte_id = 3) <> (left(a.cnae, 2)::int <= 3))::int rural,
      count(*) filter (where c.tipo_contribuinte_id = 5 and (c.porte_id not in (2, 4) or not (left(a.cnae, 2)::int between 10 and 33 or left(a.cnae, 2) = '46')))::int substituto,
      count(*) filter (where c.tipo_contribuinte_id = 7 and (c.porte_id not in (1, 3) or left(a.cnae, 2) <> '47'
        or not exists (select 1 from contribuinte_forma_atuacao f where f.contribuinte_id = c.id and f.forma_atuacao_id = 5)))::int ambulante,
      count(*) filter (where c.tipo_contribuinte_id = 8 and c.porte_id not in (1, 3))::int micro,
      count(*) filter (where c.tipo_contribuinte_id = 0 and c.porte_id in (1, 3))::int normal,
      count(distinct c.tipo_contribuinte_id)::int tipos
      from contribuinte c join atividade_contribuinte a on a.contribuinte_id = c.id and a.eh_principal`);
    expect(t).toEqual({ rural: 0, substituto: 0, ambulante: 0, micro: 0, normal: 0, tipos: 5 });
    // No name ends on a word that cuts a phrase ("… CRIAÇÃO DE OUTROS ANIMAIS NÃO").
    const [n] = await q<{ n: number }>(a, `select count(*)::int n from pessoa where tipo = 'J' and nome ~ ' (NÃO|OU|E|DE|DO|DA)$'`);
    expect(n!.n).toBe(0);
  });

  it('partners appear in several companies; accountants serve many', async () => {
    const [s] = await q<{ n: number }>(a, `select count(*)::int n from (select numero_pessoa_socio from socio group by 1 having count(*) > 2) x`);
    expect(s!.n).toBeGreaterThan(5);
    const [c] = await q<{ m: number }>(a, `select max(n)::int m from (select count(*) n from contribuinte_contador group by numero_pessoa_contador) x`);
    expect(c!.m).toBeGreaterThan(20);
  });

  it('a realistic mix: mostly ATIVO, MEI only with porte 3, some people with several CACEALs, history rows', async () => {
    const [m] = await q<{ ativo: number; mei: number; meiBad: number; multi: number; hist: number }>(a, `select
      avg((situacao_id = 1)::int)::float ativo, avg(eh_mei::int)::float mei,
      count(*) filter (where eh_mei and porte_id <> 3)::int "meiBad",
      (select count(*)::int from (select numero_pessoa from contribuinte group by 1 having count(*) > 1) x) multi,
      (select count(*)::int from historico_situacao) hist from contribuinte`);
    expect(m!.ativo).toBeGreaterThan(0.55);
    expect(m!.ativo).toBeLessThan(0.85);
    expect(m!.mei).toBeGreaterThan(0.15);
    expect(m!.meiBad).toBe(0);
    expect(m!.multi).toBeGreaterThan(0);
    expect(m!.hist).toBeGreaterThan(N);
  });

  it('names a clerk would believe: suffix of the legal nature, whole phrases, partners only where the nature has them', async () => {
    const [n] = await q<Record<string, number>>(a, `select
      count(*) filter (where natureza_juridica_id in (2062, 2240) and nome not like '% LTDA')::int "ltdaSemSufixo",
      count(*) filter (where nome like '% S.A.' and natureza_juridica_id <> 2054)::int "saErrada",
      count(*) filter (where nome like '% EIRELI' and natureza_juridica_id <> 2305)::int "eireliErrada",
      count(*) filter (where nome ~ ' (E|DE|DO|DA|DOS|DAS|EM|PARA|COM) (LTDA|S\\.A\\.|EIRELI)$')::int cortado,
      count(*) filter (where nome ~ ' (ME|EPP)$')::int porte
      from pessoa where tipo = 'J' and numero_pessoa_raiz is null`);
    expect(n).toEqual({ ltdaSemSufixo: 0, saErrada: 0, eireliErrada: 0, cortado: 0, porte: 0 });
    const [x] = await q<Record<string, number>>(a, `select
      (select count(*)::int from contribuinte c join pessoa p using (numero_pessoa) where c.eh_mei and p.natureza_juridica_id <> 2135) "meiNatureza",
      (select count(*)::int from socio s join pessoa p on p.numero_pessoa = s.numero_pessoa_empresa where p.natureza_juridica_id in (2135, 2305)) "individualComSocio",
      (select count(*)::int from contribuinte c join pessoa p using (numero_pessoa) where p.natureza_juridica_id = 2305 and c.data_inicio_atividade >= '2022-01-01'
        and c.indicador_matriz = 'M') "eireliNova"`);
    expect(x).toEqual({ meiNatureza: 0, individualComSocio: 0, eireliNova: 0 });
  });

  it('operational data in proportion: notices, pendências, requests, statements, simulator records', async () => {
    const [o] = await q<Record<string, number>>(a, `select
      (select count(*)::int from edital) editais, (select count(*)::int from edital_contribuinte) vinculos,
      (select count(*)::int from edital where situacao_edital_id in (3, 4) and data_publicacao is null) "publicadoSemData",
      (select count(*)::int from pendencia) pendencias, (select count(*)::int from pendencia p join contribuinte c on c.id = p.contribuinte_id where c.eh_mei) "pendenciaMei",
      (select count(*)::int from solicitacao where sistema = 'RDS') rds, (select count(*)::int from solicitacao where sistema = 'CSN') csn,
      (select count(*)::int from solicitacao s where not exists (select 1 from solicitacao_mensagem m where m.solicitacao_id = s.id)) "semMensagem",
      (select count(*)::int from manifestacao m where not exists (select 1 from contribuinte_contador cc where cc.contribuinte_id = m.contribuinte_id
        and cc.numero_pessoa_contador = m.numero_pessoa_contador)) "manifestacaoSemVinculo",
      (select count(*)::int from receita_cnpj r where exists (select 1 from pessoa p where p.numero_documento = r.cnpj)) receita,
      (select count(*)::int from receita_cnpj r where not exists (select 1 from pessoa p where p.numero_documento = r.cnpj)) "receitaSo",
      (select count(*)::int from receita_cpf r where not exists (select 1 from pessoa p where p.numero_documento = r.cpf)) "receitaCpfSo", (select count(*)::int from pessoa where tipo = 'J') juridicas,
      (select count(*)::int from gestor_contribuinte) gestor, (select count(*)::int from infoconv_consulta) infoconv,
      (select count(*)::int from regime_especial_contribuinte) regimes`);
    expect(o!.editais).toBeGreaterThanOrEqual(12);
    expect(o!.vinculos).toBeGreaterThan(0);
    expect(o!.publicadoSemData).toBe(0);
    // Most registrations are MEIs (Juceal: 59.7 %, issue 42), who have none.
    expect(o!.pendencias).toBeGreaterThan(N * 0.1);
    expect(o!.pendenciaMei).toBe(0);
    // One request in five registrations, and every closing at the taxpayer's request (event 407).
    const [rds] = await q<{ n: number }>(a, `select count(*)::int n from contribuinte where id % 5 = 0 or motivo_id = 401`);
    expect(o!.rds).toBe(rds!.n);
    expect(o!.csn).toBeGreaterThan(0);
    expect(o!.semMensagem).toBe(0);
    expect(o!.manifestacaoSemVinculo).toBe(0);
    expect(o!.receita).toBe(o!.juridicas);
    // People only the federal registry knows (Cadastrar Pessoa creates them).
    expect(o!.receitaSo).toBe(40);
    expect(o!.receitaCpfSo).toBe(40);
    expect(o!.gestor).toBeGreaterThan(0);
    expect(o!.infoconv).toBe(120);
    expect(o!.regimes).toBeGreaterThan(0);
  });

  it('runs every operational step once: the notices first, then two lanes', () => {
    expect(GRUPOS_OPERACAO.flat().sort()).toEqual([...PASSOS_OPERACAO].sort());
    expect(GRUPOS_OPERACAO[0]).toContain('edital (efeito)');
  });

  it('a reset (seed --reset) empties the registry and what is derived from it; the next load counts again', async () => {
    await resetRegistry(b);
    expect(await q(b, 'select (select count(*) from contribuinte)::int as c, (select count(*) from contribuinte_nome)::int as n')).toEqual([{ c: 0, n: 0 }]);
    await seedRegistry(b, { taxpayers: 200, seed: 7 });
    expect(await q(b, `select (select count(*) from contribuinte)::int as c, (select sum(registros) from contribuinte_nome)::int as n`)).toEqual([{ c: 200, n: 200 }]);
  });
});
