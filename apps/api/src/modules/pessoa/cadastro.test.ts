import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatCnpj, formatCpf } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';
import { receitaSimulador, type ReceitaPort } from '../../integrations/receita/port.js';
import { cadastrarPessoaReceita } from './cadastro.js';

let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;
/** Everything a registration could write. */
const rastro = () => one(`select (select count(*)::int from pessoa) p, (select count(*)::int from endereco) e, (select count(*)::int from telefone) t,
  (select count(*)::int from infoconv_consulta) i, (select count(*)::int from evento_auditoria) a, (select coalesce(sum(version), 0)::int from pessoa) v`);

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 200, seed: 41 } });
  auditor = await t.as('auditor');
}, 120_000);
afterAll(() => t.close());

describe('Cadastrar Pessoa from the federal registry (simulator)', () => {
  it('a CPF only the Receita knows is created with address and phone; a second registration updates, no duplicate', async () => {
    const r = await one<{ cpf: string; nome: string; logradouro: string; telefone: string }>(`select cpf, nome, logradouro, telefone from receita_cpf rc
      where not exists (select 1 from pessoa p where p.numero_documento = rc.cpf) order by cpf limit 1`);
    const logAntes = (await one<{ n: number }>(`select count(*)::int n from infoconv_consulta where cnpj = '${r.cpf}'`)).n;
    const res = await auditor.post(`${api}/pessoa/cpf/${formatCpf(r.cpf)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ codigoTipoDocumento: 'CPF', numeroDocumento: r.cpf, nome: r.nome, criada: true });
    expect(await one(`select tipo, nome from pessoa where numero_documento = '${r.cpf}'`)).toEqual({ tipo: 'F', nome: r.nome });
    expect(await one(`select logradouro, eh_principal from endereco where numero_pessoa = ${body.numeroPessoa}`)).toEqual({ logradouro: r.logradouro, eh_principal: true });
    expect(await one(`select numero from telefone where numero_pessoa = ${body.numeroPessoa}`)).toEqual({ numero: r.telefone });
    expect((await one<{ n: number }>(`select count(*)::int n from evento_auditoria where data->>'message' = 'PERSON_FROM_RECEITA' and entity = 'Pessoa' and entity_id = '${body.numeroPessoa}'`)).n).toBe(1);
    expect((await one<{ n: number }>(`select count(*)::int n from infoconv_consulta where cnpj = '${r.cpf}'`)).n).toBe(logAntes + 1);

    // The Receita changed the name and the street: the same person is brought up to date.
    await t.db.execute(sql.raw(`update receita_cpf set nome = 'NOME ATUALIZADO NA RECEITA', logradouro = 'RUA NOVA' where cpf = '${r.cpf}'`));
    const again = (await auditor.post(`${api}/pessoa/cadastrar-pessoa-infoconv/${r.cpf}`)).json();
    expect(again).toMatchObject({ numeroPessoa: body.numeroPessoa, criada: false, nome: 'NOME ATUALIZADO NA RECEITA' });
    expect((await one<{ n: number }>(`select count(*)::int n from pessoa where numero_documento = '${r.cpf}'`)).n).toBe(1);
    expect(await all(`select logradouro from endereco where numero_pessoa = ${body.numeroPessoa}`)).toEqual([{ logradouro: 'RUA NOVA' }]);
    expect((await one<{ n: number }>(`select count(*)::int n from telefone where numero_pessoa = ${body.numeroPessoa}`)).n).toBe(1);
    // Nothing new at the Receita: a third registration writes no person data.
    const antes = await rastro();
    expect((await auditor.post(`${api}/pessoa/cpf/${r.cpf}`)).json().criada).toBe(false);
    expect(await rastro()).toEqual({ ...antes, i: (antes as { i: number }).i + 1 });
  });

  it('a CNPJ (also alphanumeric) is created as a legal person; the answer names it by razaoSocial', async () => {
    for (const alfa of [false, true]) {
      const r = await one<{ cnpj: string; razao_social: string }>(`select cnpj, razao_social from receita_cnpj rc where not exists (select 1 from pessoa p where p.numero_documento = rc.cnpj)
        and (cnpj ~ '[A-Z]') = ${alfa} order by cnpj limit 1`);
      const res = (await auditor.post(`${api}/pessoa/cnpj/${encodeURIComponent(formatCnpj(r.cnpj))}`)).json();
      expect(res).toMatchObject({ codigoTipoDocumento: 'CNPJ', numeroDocumento: r.cnpj, razaoSocial: r.razao_social, criada: true });
      const page = (await auditor.get(`${api}/pessoa/consultar-pessoa-juridica/${r.cnpj}`)).json();
      expect(page.identificacaoPessoaJuridica.enderecos).toHaveLength(1);
    }
  });

  it('not at the Receita → 404 and no person; Receita unavailable → 503 and the database unchanged; a slow Receita times out', async () => {
    const antes = await rastro();
    const nf = expectProblem(await auditor.post(`${api}/pessoa/cpf/52998224725`), 404);
    expect(nf.message).toBe('error.pessoa.naoEncontradoReceita');
    expect((await one<{ n: number }>(`select count(*)::int n from pessoa where numero_documento = '52998224725'`)).n).toBe(0);
    // The consultation itself is logged.
    expect(await one(`select situacao_cadastral from infoconv_consulta where cnpj = '52998224725'`)).toEqual({ situacao_cadastral: 'NAO ENCONTRADO' });

    const r = await one<{ cpf: string }>(`select cpf from receita_cpf rc where not exists (select 1 from pessoa p where p.numero_documento = rc.cpf) order by cpf desc limit 1`);
    await t.db.execute(sql`insert into simulador_estado (sistema, disponivel) values ('infoconv', false)`);
    try {
      const depoisNf = await rastro();
      const down = await auditor.post(`${api}/pessoa/cpf/${r.cpf}`);
      expect(expectProblem(down, 503).message).toBe('error.pessoa.receitaIndisponivel');
      expect(down.headers['retry-after']).toBeDefined();
      expect(await rastro()).toEqual(depoisNf);
    } finally {
      await t.db.execute(sql`delete from simulador_estado where sistema = 'infoconv'`);
    }
    expect((antes as { p: number }).p).toBe(((await rastro()) as { p: number }).p);

    // A port that never answers: the registration gives up after the limit and writes nothing.
    const lento: ReceitaPort = { ...receitaSimulador(t.db), consultarCpf: () => new Promise(() => {}) };
    const parado = await rastro();
    await expect(cadastrarPessoaReceita(t.built.ctx.database, lento, 'auditor', r.cpf, 50)).rejects.toMatchObject({ status: 503 });
    expect(await rastro()).toEqual(parado);
  });

  it('bad check digit or length → 400; roles: only ROLE_CAD_CAD_PESSOA_INFOC', async () => {
    expectProblem(await auditor.post(`${api}/pessoa/cpf/52998224726`), 400);
    expectProblem(await auditor.post(`${api}/pessoa/cnpj/52998224725`), 400);
    expectProblem(await auditor.post(`${api}/pessoa/cadastrar-pessoa-infoconv/123`), 400);
    const r = await one<{ cpf: string }>(`select cpf from receita_cpf limit 1`);
    expectProblem(await (await t.as('atendente')).post(`${api}/pessoa/cpf/${r.cpf}`), 403);
    expectProblem(await (await t.as('user')).post(`${api}/pessoa/cadastrar-pessoa-infoconv/${r.cpf}`), 403);
    expectProblem(await t.client().post(`${api}/pessoa/cnpj/11222333000181`), 401);
  });
});
