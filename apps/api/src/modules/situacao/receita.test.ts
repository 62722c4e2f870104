import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

/** Issue 30 §2: one CNPJ has one Receita status; no reactivation of a CNPJ not ATIVA without telling the clerk. */
let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 200, seed: 31 } });
  auditor = await t.as('auditor');
}, 120_000);
afterAll(() => t.close());

/**
 * A company (head office) of its own: two registrations (the second one added here), both SUSPENSO with
 * the given Receita status copies; the Receita's record and the manager's made to the test's needs.
 */
async function empresa(pular: number, copias: [string, string], receita: string, gestor: string) {
  const r = await one<{ id: number; numero_caceal: number; numero_pessoa: number; cnpj: string }>(`select c.id, c.numero_caceal, c.numero_pessoa, p.numero_documento as cnpj
    from contribuinte c join pessoa p using (numero_pessoa) where p.tipo = 'J' and length(p.numero_documento) = 14 and p.numero_documento ~ '^[0-9]+$'
      and (select count(*) from contribuinte x where x.numero_pessoa = c.numero_pessoa) = 1 and c.situacao_id not in (4, 5)
    order by c.id offset ${pular} limit 1`);
  const np = Number(r.numero_pessoa);
  const nova = 24990000 + pular;
  await all(`insert into contribuinte (numero_caceal, digito_caceal, numero_pessoa, indicador_matriz, data_inicio_atividade, situacao_id, motivo_id, data_situacao)
    values (${nova}, 0, ${np}, 'M', '2018-01-02', 2, 202, '2024-01-02')`);
  await all(`update contribuinte set situacao_id = 2, motivo_id = 202, situacao_pj = case when numero_caceal = ${nova} then '${copias[1]}' else '${copias[0]}' end
    where numero_pessoa = ${np}`);
  await all(`insert into receita_cnpj (cnpj, razao_social, situacao) select '${r.cnpj}', nome, '${receita}' from pessoa where numero_pessoa = ${np}
    on conflict (cnpj) do update set situacao = excluded.situacao`);
  await all(`delete from gestor_contribuinte where cnpj = '${r.cnpj}' or numero_caceal in (${r.numero_caceal}, ${nova})`);
  await all(`insert into gestor_contribuinte (numero_caceal, cnpj, razao_social, situacao_pessoa) select ${nova}, '${r.cnpj}', nome, '${gestor}' from pessoa where numero_pessoa = ${np}`);
  return { np, cnpj: r.cnpj, caceais: [Number(r.numero_caceal), nova] };
}
const copias = (np: number) => all<{ situacao_pj: string }>(`select situacao_pj from contribuinte where numero_pessoa = ${np} order by id`).then((x) => x.map((c) => c.situacao_pj));
const impressao = async () => one<{ h: string }>(`select md5(concat_ws('|',
    (select string_agg(concat_ws(',', id, version, situacao_id, motivo_id, situacao_pj), ';' order by id) from contribuinte),
    (select count(*) from historico_situacao), (select count(*) from evento_auditoria))) as h`);

describe('one CNPJ, one Receita status', () => {
  it('gestor/sinc writes the Receita\'s answer on every registration of the CNPJ, and the status screen shows that one', async () => {
    const e = await empresa(0, ['ATIVA', 'ATIVA'], 'BAIXADA', 'SUSPENSO');
    await all(`update contribuinte set situacao_pj = 'BAIXADA' where numero_caceal = ${e.caceais[1]}`); // the synced one already agrees
    const r = await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CNPJ', numeroDocumento: e.cnpj });
    expect(r.statusCode, r.body).toBe(200);
    expect(await copias(e.np)).toEqual(['BAIXADA', 'BAIXADA']);
    const s = (await auditor.get(`${api}/contribuinte/situacaoPessoa/${e.np}`)).json();
    expect(s.situacaoPj).toBe('BAIXADA');
  });
});

describe('no reactivation while the CNPJ is not ATIVA at the Receita without the clerk\'s confirmation', () => {
  it('alterarSituacaoPessoa to ATIVO: 400 naming the status, nothing written; confirmed → 200', async () => {
    const e = await empresa(1, ['INAPTA', 'INAPTA'], 'INAPTA', 'SUSPENSO');
    const body = { numeroPessoa: e.np, sequencialSituacaoPessoa: 1, sequencialMotivoPessoa: 102 };
    const antes = await impressao();
    const p = expectProblem(await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, body), 400);
    expect(p.fieldErrors).toEqual([expect.objectContaining({ field: 'confirmarCnpjInapto', message: 'cnpjNaoAtivoNaReceita:INAPTA' })]);
    expect(p.detail).toContain('INAPTA na Receita Federal');
    expect(await impressao()).toEqual(antes);
    // Another status is not a reactivation: no confirmation needed.
    const outra = await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { ...body, sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 201 });
    expect(outra.statusCode).toBe(400); // 201 does not apply from SUSPENSO: the state machine's own refusal, not this rule
    expect(outra.json().fieldErrors[0].message).toBe('transicaoNaoPermitida');
    const ok = await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { ...body, confirmarCnpjInapto: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await all(`select situacao_id from contribuinte where numero_pessoa = ${e.np}`)).toEqual([{ situacao_id: 1 }, { situacao_id: 1 }]);
  });

  it('gestor/sinc bringing ATIVO: 400 when the Receita says INAPTA, nothing written; confirmed → 200', async () => {
    const e = await empresa(2, ['ATIVA', 'ATIVA'], 'INAPTA', 'ATIVO');
    const antes = await impressao();
    const p = expectProblem(await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CNPJ', numeroDocumento: e.cnpj }), 400);
    expect(p.fieldErrors?.[0]?.message).toBe('cnpjNaoAtivoNaReceita:INAPTA');
    expect(await impressao()).toEqual(antes);
    const ok = await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CNPJ', numeroDocumento: e.cnpj, confirmarCnpjInapto: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await copias(e.np)).toEqual(['INAPTA', 'INAPTA']);
  });
});
