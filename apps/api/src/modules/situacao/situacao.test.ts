import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hojeEmMaceio } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';

let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 21 } });
  auditor = await t.as('auditor');
}, 120_000);
afterAll(() => t.close());

describe('POST contribuinte/obterSituacaoCadastral', () => {
  it('answers in the order typed and names the unknown CACEALs', async () => {
    const cs = await all<{ numero_caceal: number; nome: string }>('select c.numero_caceal, p.nome from contribuinte c join pessoa p using (numero_pessoa) order by c.id desc limit 3');
    const lista = [cs[2]!.numero_caceal, 24099998, cs[0]!.numero_caceal, cs[1]!.numero_caceal];
    const r = await (await t.as('atendente')).post(`${api}/contribuinte/obterSituacaoCadastral`, lista);
    expect(r.statusCode).toBe(200);
    expect(r.json().content.map((c: { numeroCaceal: number }) => c.numeroCaceal)).toEqual([cs[2]!.numero_caceal, cs[0]!.numero_caceal, cs[1]!.numero_caceal]);
    expect(r.json().content[0].razaoSocial).toBe(cs[2]!.nome);
    expect(r.json().naoEncontrados).toEqual([24099998]);
  });

  it('1,000 CACEALs in one call; more, none, or a malformed one → 400; roles', async () => {
    const mil = (await all<{ numero_caceal: number }>('select numero_caceal from contribuinte order by id limit 300')).map((c) => c.numero_caceal);
    // 700 numbers of a valid type that no registration has (the generator spreads each type's numbers).
    const livres = (await all<{ n: number }>(`select n from generate_series(24700000, 24799999) n
      where not exists (select 1 from contribuinte c where c.numero_caceal = n) order by n limit 700`)).map((x) => x.n);
    const lista = [...mil, ...livres];
    const r = await auditor.post(`${api}/contribuinte/obterSituacaoCadastral`, lista);
    expect(r.json().content).toHaveLength(300);
    expect(r.json().naoEncontrados).toHaveLength(700);
    expectProblem(await auditor.post(`${api}/contribuinte/obterSituacaoCadastral`, [...lista, 24_999_999]), 400);
    expectProblem(await auditor.post(`${api}/contribuinte/obterSituacaoCadastral`, []), 400);
    const ruim = expectProblem(await auditor.post(`${api}/contribuinte/obterSituacaoCadastral`, [24000000, 240000001, 1234]), 400);
    expect(ruim.detail).toContain('CACEAL inválido: 240000001, 1234');
    const tipo = expectProblem(await auditor.post(`${api}/contribuinte/obterSituacaoCadastral`, [24000000, 24900001]), 400);
    expect(tipo.detail).toContain('CACEAL inválido: 24900001. O terceiro dígito do CACEAL indica o tipo de contribuinte (0, 3, 5, 7 ou 8).');
    expectProblem(await (await t.as('user')).post(`${api}/contribuinte/obterSituacaoCadastral`, [24000000]), 403);
    expectProblem(await (await t.as('user')).post(`${api}/relatorio/situacaoCadastral/imprimir`, { cacealLista: [24000000] }), 403);
    expectProblem(await t.client().post(`${api}/contribuinte/obterSituacaoCadastral`, [24000000]), 401);
  });

  it('prints the list as a PDF', async () => {
    const c = await one<{ numero_caceal: number; nome: string }>('select c.numero_caceal, p.nome from contribuinte c join pessoa p using (numero_pessoa) limit 1');
    const r = await auditor.post(`${api}/relatorio/situacaoCadastral/imprimir`, { cacealLista: [c.numero_caceal, 24099998] });
    expect(r.headers['content-type']).toBe('application/pdf');
    const { texto } = await textoDoPdf(r.rawPayload);
    expect(texto).toContain(c.nome);
    expect(texto).toContain('CACEAL não encontrado: 24099998');
  });
});

describe('alterarSituacaoCnpj', () => {
  const ativa = () => one<{ numero_pessoa: number; numero_documento: string; numero_caceal: number; version: number }>(`select p.numero_pessoa, p.numero_documento,
    c.numero_caceal, c.version from pessoa p join contribuinte c using (numero_pessoa) where c.situacao_id = 1
    and (select count(*) from contribuinte x where x.numero_pessoa = p.numero_pessoa) = 1 order by c.id limit 1`);

  it('finds the company by CNPJ, changes the status with history and audit, and says so', async () => {
    const a = await ativa();
    expect((await auditor.get(`${api}/pessoa/obter-numero-pessoa/${a.numero_documento}`)).json()).toEqual({ numeroPessoa: a.numero_pessoa });
    const antes = (await auditor.get(`${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`)).json();
    expect(antes.contribuintes[0]).toMatchObject({ numeroCaceal: a.numero_caceal, idSituacao: 1, situacaoCadastral: 'ATIVO' });
    const historicos = (await one<{ n: number }>(`select count(*)::int as n from historico_situacao h join contribuinte c on c.id = h.contribuinte_id where c.numero_caceal = ${a.numero_caceal}`)).n;
    const r = await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, {
      numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 202, versoes: [{ numeroCaceal: a.numero_caceal, version: a.version }],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ codigo: 'ALTERACAO_REALIZADA', mensagem: 'Alteração realizada com sucesso' });
    const depois = (await auditor.get(`${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`)).json();
    expect(depois.contribuintes[0]).toMatchObject({ idSituacao: 2, situacaoCadastral: 'SUSPENSO', motivoSituacaoCadastral: 'SUSPENSÃO DE OFÍCIO', dataSituacao: hojeEmMaceio(), version: a.version + 1 });
    const h = await all<{ situacao_id: number; motivo_id: number }>(`select h.situacao_id, h.motivo_id from historico_situacao h join contribuinte c on c.id = h.contribuinte_id
      where c.numero_caceal = ${a.numero_caceal} order by h.id`);
    expect(h).toHaveLength(historicos + 1);
    expect(h.at(-1)).toEqual({ situacao_id: 2, motivo_id: 202 });
    const audit = await one<{ principal: string; before: { situacao: string }; after: { situacao: string } }>(
      `select principal, before, after from evento_auditoria where entity = 'Contribuinte' and entity_id = '${a.numero_caceal}' order by id desc limit 1`);
    expect(audit).toMatchObject({ principal: 'auditor', before: { situacao: 'ATIVO' }, after: { situacao: 'SUSPENSO' } });

    // A stale version (what the screen showed before), or a registration the screen did not list → 409
    // and nothing changes: status, history, audit.
    const rastro = async () => one<{ h: number; a: number }>(`select (select count(*)::int from historico_situacao h join contribuinte c on c.id = h.contribuinte_id
      where c.numero_caceal = ${a.numero_caceal}) as h, (select count(*)::int from evento_auditoria where entity = 'Contribuinte' and entity_id = '${a.numero_caceal}') as a`);
    const antesDo409 = await rastro();
    for (const versoes of [[{ numeroCaceal: a.numero_caceal, version: a.version }], [{ numeroCaceal: 24099998, version: 0 }]]) {
      expectProblem(await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, {
        numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 1, sequencialMotivoPessoa: 102, versoes,
      }), 409);
    }
    expect((await auditor.get(`${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`)).json().contribuintes[0].idSituacao).toBe(2);
    expect(await rastro()).toEqual(antesDo409);
  });

  it('two clerks on the same screen: the first closes the company, the second (stale versions) gets 409, not a 400 about the new state', async () => {
    const a = await ativa();
    const tela = (await auditor.get(`${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`)).json() as { contribuintes: { numeroCaceal: number; version: number }[] };
    const versoes = tela.contribuintes.map((c) => ({ numeroCaceal: c.numeroCaceal, version: c.version }));
    const primeiro = await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 4, sequencialMotivoPessoa: 401, versoes });
    expect(primeiro.statusCode, primeiro.body).toBe(200);
    const segundo = expectProblem(await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 202, versoes }), 409);
    expect(segundo.message).toBe('error.concurrencyFailure');
    expect(segundo.detail).toContain(String(a.numero_caceal));
    // Without versions (a §7 client) the state itself is judged: nothing left to change.
    expectProblem(await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 202 }), 400);
    expect((await one<{ situacao_id: number }>(`select situacao_id from contribuinte where numero_caceal = ${a.numero_caceal}`)).situacao_id).toBe(4);
  });

  it('refuses a reason of another status, and a transition the reason table does not allow; nothing changes', async () => {
    const a = await ativa();
    const p1 = expectProblem(await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 301 }), 400);
    expect(p1.fieldErrors?.[0]).toMatchObject({ field: 'sequencialMotivoPessoa', message: 'motivoDaSituacao' });
    // ATIVO cannot be "reactivated".
    const p2 = expectProblem(await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 1, sequencialMotivoPessoa: 102 }), 400);
    expect(p2.fieldErrors?.[0]?.message).toBe('transicaoNaoPermitida');
    expect(p2.detail).toContain(`CACEAL ${a.numero_caceal} (ATIVO)`);
    expect((await one<{ situacao_id: number }>(`select situacao_id from contribuinte where numero_caceal = ${a.numero_caceal}`)).situacao_id).toBe(1);
  });

  it('listarSituacoesPessoa / listarMotivosPessoaBySituacao: statuses with active reasons, the active reasons of one', async () => {
    const situacoes = (await auditor.get(`${api}/contribuinte/listarSituacoesPessoa`)).json() as { id: number; descricao: string }[];
    expect(situacoes.map((s) => s.descricao)).toEqual(expect.arrayContaining(['ATIVO', 'SUSPENSO']));
    const comMotivo = await all<{ id: number }>(`select distinct situacao_id as id from ref_motivo_situacao where ativo and situacao_id <> 9 order by 1`);
    expect(situacoes.map((s) => s.id)).toEqual(comMotivo.map((s) => s.id));
    const motivos = (await auditor.get(`${api}/contribuinte/listarMotivosPessoaBySituacao/2`)).json() as { id: number; idSituacao: number; descricao: string }[];
    expect(motivos.length).toBeGreaterThan(0);
    expect(motivos.every((m) => m.idSituacao === 2)).toBe(true);
    expect(motivos.map((m) => m.descricao)).toContain('SUSPENSÃO DE OFÍCIO');
    expectProblem(await auditor.get(`${api}/contribuinte/listarMotivosPessoaBySituacao/999`), 404);
    expectProblem(await auditor.get(`${api}/contribuinte/listarMotivosPessoaBySituacao/x`), 400);
    expectProblem(await (await t.as('atendente')).get(`${api}/contribuinte/listarSituacoesPessoa`), 403);
    expectProblem(await t.client().get(`${api}/contribuinte/listarMotivosPessoaBySituacao/2`), 401);
  });

  it('roles: the clerk may not change a status; unknown company → 404; bad CNPJ → 400', async () => {
    const a = await ativa();
    expectProblem(await (await t.as('atendente')).post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: a.numero_pessoa, sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 202 }), 403);
    expectProblem(await (await t.as('atendente')).get(`${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`), 403);
    expectProblem(await auditor.get(`${api}/contribuinte/situacaoPessoa/999999999`), 404);
    expectProblem(await auditor.get(`${api}/pessoa/obter-numero-pessoa/123`), 400);
    expectProblem(await auditor.get(`${api}/pessoa/obter-numero-pessoa/11222333000181`), 404);
  });
});
