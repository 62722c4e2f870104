import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatCaceal } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

/**
 * Issue 39 §6 and §7: a new porte goes to every registration of the CNPJ root (§4) — each one it reaches
 * is judged by the rules its own registration obeys (MEI: Anexo XI activities, nature, Simples), and the
 * sublimite, an EPP's, does not survive a porte that cannot exceed it.
 */
let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 39 } });
  auditor = await t.as('auditor');
}, 120_000);
afterAll(() => t.close());

const PROCESSO = { processo: '2026.000039', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: '2026-11-20', dataLegal: '2026-11-21' };
type Reg = { id: number; numero_caceal: number; digito_caceal: number; numero_pessoa: number; raiz_cnpj: string };

/** The head office of a CNPJ root with branches, and the branches (the `pular`-th such root). */
async function raiz(pular: number): Promise<{ sede: Reg; filiais: Reg[] }> {
  const r = await one<{ raiz_cnpj: string }>(`select p.raiz_cnpj from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    where p.raiz_cnpj is not null group by 1 having count(*) > 1 and count(*) filter (where p.numero_pessoa_raiz is null) = 1 order by 1 offset ${pular} limit 1`);
  const regs = await all<Reg & { matriz: boolean }>(`select c.id, c.numero_caceal, c.digito_caceal, c.numero_pessoa, p.raiz_cnpj, p.numero_pessoa_raiz is null as matriz
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.raiz_cnpj = '${r.raiz_cnpj}' order by c.id`);
  return { sede: regs.find((x) => x.matriz)!, filiais: regs.filter((x) => !x.matriz) };
}

/** POST eventos with the Dados Cadastrais tab as read, its porte changed; the versions the screen read. */
async function mudarPorte(r: Reg, porteId: number) {
  const d = (await auditor.get(`${api}/contribuinte/obterDadosCadastrais/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
  const i = d.identificacao;
  return auditor.post(`${api}/eventos`, {
    ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: d.version, versoes: d.versoes,
    dadosCadastrais: {
      nomeFantasia: i.nomeFantasia, email: i.email, porteId, valorCapitalSocial: i.valorCapitalSocial, processamentoDados: d.processamentoDados,
      formasAtuacao: d.formasAtuacao.map((f: { id: number }) => f.id), tiposUnidade: d.tipoUnidade.map((f: { id: number }) => f.id),
      telefones: i.telefones.map(({ id, codigoTipoTelefone, ddd, numeroTelefone }: Record<string, unknown>) => ({ id, codigoTipoTelefone, ddd, numeroTelefone })),
    },
  });
}

const estado = (ids: number[]) => all(`select id, porte_id, eh_mei, sublimite_excedido, version from contribuinte where id in (${ids.join(', ')}) order by id`);

describe('POST eventos: the porte propagated to the CNPJ root', () => {
  it('§6: a MEI porte is judged on every registration it reaches — a branch with an activity off Anexo XI → 400 naming it, nothing written', async () => {
    const { sede, filiais } = await raiz(0);
    const ids = [sede.id, ...filiais.map((f) => f.id)];
    // A sole proprietor in the Simples, ME: MEI is allowed to the head office (its one activity is on Anexo XI).
    await all(`update pessoa set natureza_juridica_id = 2135 where raiz_cnpj = '${sede.raiz_cnpj}'`);
    await all(`update contribuinte set porte_id = 1, eh_mei = false, eh_optante_simples = true, sublimite_excedido = null where id in (${ids.join(', ')})`);
    await all(`delete from atividade_contribuinte where contribuinte_id in (${ids.join(', ')})`);
    await all(`insert into atividade_contribuinte (contribuinte_id, cnae, eh_principal) select id, '4724500', true from contribuinte where id in (${ids.join(', ')})`);
    // The last branch also sells in a supermarket: not a MEI's occupation.
    const filial = filiais[filiais.length - 1]!;
    await all(`insert into atividade_contribuinte (contribuinte_id, cnae, eh_principal) values (${filial.id}, '4711302', false)`);
    const antes = await estado(ids);
    const p = expectProblem(await mudarPorte(sede, 3), 400);
    const inscricao = formatCaceal(filial.numero_caceal, filial.digito_caceal);
    expect(p.fieldErrors?.[0]).toMatchObject({ field: 'dadosCadastrais.porteId', message: `atividadeNaoPermitidaMei:4711-3/02@${inscricao}` });
    expect(p.detail).toBe(`Inscrição ${inscricao}, da mesma raiz de CNPJ, que receberia o novo porte: A atividade 4711-3/02 não é permitida ao MEI: `
      + 'o MEI exerce somente as ocupações do Anexo XI da Resolução CGSN nº 140/2018.');
    expect(await estado(ids)).toEqual(antes);

    // Without that activity, every registration becomes a MEI porte.
    await all(`delete from atividade_contribuinte where contribuinte_id = ${filial.id} and cnae = '4711302'`);
    const ok = await mudarPorte(sede, 3);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().portePropagado).toBe(filiais.length);
    expect((await all<{ porte_id: number }>(`select distinct porte_id from contribuinte where id in (${ids.join(', ')})`))).toEqual([{ porte_id: 3 }]);
  });

  it('§6: a branch outside the Simples cannot be made MEI by propagation (400 naming it)', async () => {
    const { sede, filiais } = await raiz(1);
    const ids = [sede.id, ...filiais.map((f) => f.id)];
    await all(`update pessoa set natureza_juridica_id = 2135 where raiz_cnpj = '${sede.raiz_cnpj}'`);
    await all(`update contribuinte set porte_id = 1, eh_mei = false, eh_optante_simples = true, sublimite_excedido = null where id in (${ids.join(', ')})`);
    await all(`delete from atividade_contribuinte where contribuinte_id in (${ids.join(', ')})`);
    await all(`insert into atividade_contribuinte (contribuinte_id, cnae, eh_principal) select id, '4724500', true from contribuinte where id in (${ids.join(', ')})`);
    const filial = filiais[0]!;
    await all(`update contribuinte set eh_optante_simples = false, porte_id = 4 where id = ${filial.id}`);
    const antes = await estado(ids);
    const p = expectProblem(await mudarPorte(sede, 3), 400);
    expect(p.fieldErrors?.[0]?.message).toBe(`porteMeiNatureza@${formatCaceal(filial.numero_caceal, filial.digito_caceal)}`);
    expect(await estado(ids)).toEqual(antes);
  });

  it('§7: an EPP that exceeded the sublimite and becomes ME keeps no sublimite — on its own registration and every one the porte reaches', async () => {
    const { sede, filiais } = await raiz(2);
    const ids = [sede.id, ...filiais.map((f) => f.id)];
    await all(`update pessoa set natureza_juridica_id = 2062 where raiz_cnpj = '${sede.raiz_cnpj}'`);
    await all(`update contribuinte set porte_id = 2, eh_mei = false, eh_optante_simples = true, sublimite_excedido = true where id in (${ids.join(', ')})`);
    const ok = await mudarPorte(sede, 1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await all(`select distinct porte_id, sublimite_excedido from contribuinte where id in (${ids.join(', ')})`)).toEqual([{ porte_id: 1, sublimite_excedido: null }]);
  });
});
