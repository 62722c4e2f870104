import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatCnpj, formatCpf } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

let t: TestApp;
let atendente: Client;
let user: Client;
let admin: Client;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 31 } });
  [atendente, user, admin, auditor] = await Promise.all([t.as('atendente'), t.as('user'), t.as('admin'), t.as('auditor')]);
}, 120_000);
afterAll(() => t.close());

// A valid CPF / CNPJ the seed cannot have (the generator draws its own).
const CPF_DESCONHECIDO = '52998224725';
const CNPJ_DESCONHECIDO = '11222333000181';

describe('person pages and lookups (§7 Person)', () => {
  it('pessoa/{document}: CPF or CNPJ, masked or not; unknown → 404 Registro não encontrado.; bad check digit → 400; roles', async () => {
    const f = await one<{ numero_pessoa: number; numero_documento: string; nome: string }>(`select numero_pessoa, numero_documento, nome from pessoa where tipo = 'F' order by numero_pessoa limit 1`);
    const r = await atendente.get(`${api}/pessoa/${encodeURIComponent(formatCpf(f.numero_documento))}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([{ numeroPessoa: Number(f.numero_pessoa), codigoTipoDocumento: 'CPF', numeroDocumento: f.numero_documento, nome: f.nome, numeroPessoaRaiz: null }]);
    const j = await one<{ numero_documento: string }>(`select numero_documento from pessoa where tipo = 'J' limit 1`);
    expect((await atendente.get(`${api}/pessoa/${encodeURIComponent(formatCnpj(j.numero_documento))}`)).json()[0].codigoTipoDocumento).toBe('CNPJ');
    expect(expectProblem(await atendente.get(`${api}/pessoa/${CPF_DESCONHECIDO}`), 404).detail).toBe('Registro não encontrado.');
    expect(expectProblem(await atendente.get(`${api}/pessoa/52998224726`), 400).fieldErrors?.[0]?.message).toBe('documentoDigito');
    expectProblem(await atendente.get(`${api}/pessoa/123`), 400);
    expectProblem(await user.get(`${api}/pessoa/${f.numero_documento}`), 403);
    expectProblem(await t.client().get(`${api}/pessoa/${f.numero_documento}`), 401);
  });

  it('consultar-pessoa-fisica: every block of the page; each read logged (LGPD), listed by CPF and by user for admins only', async () => {
    // A partner who is also responsible somewhere and an accountant, if the seed has one; else any partner.
    const s = await one<{ numero_documento: string }>(`select p.numero_documento from pessoa p join socio s on s.numero_pessoa_socio = p.numero_pessoa
      where p.tipo = 'F' order by exists (select 1 from responsavel r where r.numero_pessoa_responsavel = p.numero_pessoa) desc, p.numero_pessoa limit 1`);
    const r = await atendente.get(`${api}/pessoa/consultar-pessoa-fisica/${s.numero_documento}?tela=pessoa`);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.identificacaoPessoaFisica.numeroDocumento).toBe(s.numero_documento);
    expect(b.socioEmpresas.length).toBeGreaterThan(0);
    expect(b.socioEmpresas[0]).toMatchObject({ cnpj: expect.any(String), razaoSocial: expect.any(String), qualificacao: expect.any(String) });
    expect(b.identificacaoPessoaFisica.enderecos.length).toBeGreaterThan(0);
    const k = await one<{ numero_documento: string }>(`select p.numero_documento from contador k join pessoa p using (numero_pessoa) where p.tipo = 'F' limit 1`);
    const c = (await atendente.get(`${api}/pessoa/consultar-pessoa-fisica/${k.numero_documento}`)).json();
    expect(c.contador).toMatchObject({ numeroCrc: expect.any(String), classificacao: expect.any(String) });
    expect(c.empresaResponsavelContabil.length).toBeGreaterThan(0);

    const leituras = (await admin.get(`${api}/pessoa/leituras?cpf=${formatCpf(s.numero_documento)}`)).json();
    expect(leituras.totalElements).toBeGreaterThanOrEqual(1);
    expect(leituras.content).toContainEqual(expect.objectContaining({ login: 'atendente', cpf: s.numero_documento, tela: 'pessoa' }));
    expect((await admin.get(`${api}/pessoa/leituras?login=atendente`)).json().totalElements).toBeGreaterThanOrEqual(2);
    expectProblem(await admin.get(`${api}/pessoa/leituras`), 400);
    expectProblem(await atendente.get(`${api}/pessoa/leituras?login=atendente`), 403);
    // Refused and unknown reads are not logged.
    const antes = (await one<{ n: number }>('select count(*)::int n from leitura_pessoa')).n;
    expectProblem(await user.get(`${api}/pessoa/consultar-pessoa-fisica/${s.numero_documento}`), 403);
    expectProblem(await atendente.get(`${api}/pessoa/consultar-pessoa-fisica/${CPF_DESCONHECIDO}`), 404);
    expectProblem(await atendente.get(`${api}/pessoa/consultar-pessoa-fisica/52998224726`), 400);
    expect((await one<{ n: number }>('select count(*)::int n from leitura_pessoa')).n).toBe(antes);
  });

  it('consultar-pessoa-juridica: blocks of the legal person; a CPF or unknown CNPJ is refused', async () => {
    const j = await one<{ numero_documento: string; nome: string }>(`select p.numero_documento, p.nome from pessoa p join responsavel r on r.numero_pessoa_empresa = p.numero_pessoa
      join contribuinte c on c.numero_pessoa = p.numero_pessoa limit 1`);
    const b = (await atendente.get(`${api}/pessoa/consultar-pessoa-juridica/${encodeURIComponent(formatCnpj(j.numero_documento))}`)).json();
    expect(b.identificacaoPessoaJuridica).toMatchObject({ numeroDocumento: j.numero_documento, razaoSocial: j.nome });
    expect(b.identificacaoPessoaJuridica.cacealList.length).toBeGreaterThan(0);
    expect(b.dadosResponsavel).toMatchObject({ numeroDocumento: expect.stringMatching(/^\d{11,14}$/) });
    expect(expectProblem(await atendente.get(`${api}/pessoa/consultar-pessoa-juridica/${CNPJ_DESCONHECIDO}`), 404).detail).toBe('Registro não encontrado.');
    expectProblem(await atendente.get(`${api}/pessoa/consultar-pessoa-juridica/11222333000182`), 400);
    expectProblem(await user.get(`${api}/pessoa/consultar-pessoa-juridica/${j.numero_documento}`), 403);
  });

  it('obterEnderecos, obterNumeroPessoaRaiz (by person and porCaceal): success, unknown, bad input, refused', async () => {
    const br = await one<{ numero_pessoa: number; raiz: number; caceal: number }>(`select p.numero_pessoa, p.numero_pessoa_raiz raiz, c.numero_caceal caceal from pessoa p
      join contribuinte c on c.numero_pessoa = p.numero_pessoa where p.numero_pessoa_raiz is not null limit 1`);
    expect((await atendente.get(`${api}/pessoa/obterNumeroPessoaRaiz/${br.numero_pessoa}`)).json()).toEqual({ numeroPessoa: Number(br.numero_pessoa), numeroPessoaRaiz: Number(br.raiz) });
    expect((await atendente.get(`${api}/pessoa/obterNumeroPessoaRaiz/porCaceal/${br.caceal}`)).json().numeroPessoaRaiz).toBe(Number(br.raiz));
    expectProblem(await atendente.get(`${api}/pessoa/obterNumeroPessoaRaiz/999999999`), 404);
    expectProblem(await atendente.get(`${api}/pessoa/obterNumeroPessoaRaiz/porCaceal/24099998`), 404);
    expectProblem(await atendente.get(`${api}/pessoa/obterNumeroPessoaRaiz/abc`), 400);
    expectProblem(await user.get(`${api}/pessoa/obterNumeroPessoaRaiz/${br.numero_pessoa}`), 403);
    expect((await atendente.get(`${api}/pessoa/obterEnderecos/${br.numero_pessoa}`)).json().length).toBeGreaterThan(0);
    expectProblem(await user.get(`${api}/pessoa/obterEnderecos/${br.numero_pessoa}`), 403);
    expectProblem(await atendente.get(`${api}/pessoa/obterEnderecos/-1`), 400);
  });

  it('contador and procurador lookups: found, Registro não encontrado., bad input, refused', async () => {
    const k = await one<{ numero_pessoa: number; numero_documento: string }>(`select p.numero_pessoa, p.numero_documento from contador k join pessoa p using (numero_pessoa) limit 1`);
    const c = (await atendente.get(`${api}/contador/obterPorNumeroDocumento/${k.numero_documento}`)).json();
    expect(c).toMatchObject({ numeroPessoaContador: Number(k.numero_pessoa), numeroDocumento: k.numero_documento, contador: { numeroCrc: expect.any(String) } });
    expect((await atendente.get(`${api}/contador/obter-por-numero-pessoa/${k.numero_pessoa}`)).json().numeroDocumento).toBe(k.numero_documento);
    const naoContador = await one<{ numero_pessoa: number; numero_documento: string }>(`select numero_pessoa, numero_documento from pessoa p where tipo = 'F'
      and not exists (select 1 from contador k where k.numero_pessoa = p.numero_pessoa) limit 1`);
    expect(expectProblem(await atendente.get(`${api}/contador/obterPorNumeroDocumento/${naoContador.numero_documento}`), 404).detail).toBe('Registro não encontrado.');
    expectProblem(await atendente.get(`${api}/contador/obter-por-numero-pessoa/${naoContador.numero_pessoa}`), 404);
    expectProblem(await atendente.get(`${api}/contador/obterPorNumeroDocumento/1234`), 400);
    expectProblem(await user.get(`${api}/contador/obterPorNumeroDocumento/${k.numero_documento}`), 403);
    expectProblem(await user.get(`${api}/contador/obter-por-numero-pessoa/${k.numero_pessoa}`), 403);

    expect((await atendente.get(`${api}/procurador/obterPorNumeroDocumento/${formatCpf(naoContador.numero_documento)}`)).json()).toMatchObject({
      numeroPessoa: Number(naoContador.numero_pessoa), numeroDocumento: naoContador.numero_documento,
    });
    expect(expectProblem(await atendente.get(`${api}/procurador/obterPorNumeroDocumento/${CPF_DESCONHECIDO}`), 404).detail).toBe('Registro não encontrado.');
    expectProblem(await atendente.get(`${api}/procurador/obterPorNumeroDocumento/${CNPJ_DESCONHECIDO}`), 400);
    expectProblem(await user.get(`${api}/procurador/obterPorNumeroDocumento/${naoContador.numero_documento}`), 403);
  });
});

describe('person edits', () => {
  it('alterar-pessoa-fisica: saves name and e-mail with audit, stale version → 409, bad input → 400, a consult-only clerk is refused and writes nothing', async () => {
    const f = await one<{ numero_pessoa: number; numero_documento: string; nome: string; email: string | null; version: number }>(`select numero_pessoa, numero_documento, nome, email, version
      from pessoa where tipo = 'F' order by numero_pessoa desc limit 1`);
    const url = `${api}/pessoa/alterar-pessoa-fisica/${f.numero_pessoa}`;
    const r = await auditor.post(url, { version: f.version, nome: 'Maria Nova Silva', email: 'maria@exemplo.com.br' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ numeroPessoa: Number(f.numero_pessoa), version: f.version + 1, mensagem: 'alteracaoRealizada' });
    expect(await one(`select nome, email from pessoa where numero_pessoa = ${f.numero_pessoa}`)).toEqual({ nome: 'MARIA NOVA SILVA', email: 'maria@exemplo.com.br' });
    const audit = await one<{ before: { nome: string }; after: { nome: string } }>(`select before, after from evento_auditoria where entity = 'Pessoa' and entity_id = '${f.numero_pessoa}' order by id desc limit 1`);
    expect(audit).toEqual({ before: { nome: f.nome, email: f.email }, after: { nome: 'MARIA NOVA SILVA', email: 'maria@exemplo.com.br' } });
    expectProblem(await auditor.post(url, { version: f.version, nome: 'Outro Nome', email: null }), 409);
    expect(expectProblem(await auditor.post(url, { version: f.version + 1, nome: ' ', email: null }), 400).fieldErrors?.[0]?.field).toBe('nome');
    expectProblem(await auditor.post(url, { version: f.version + 1, nome: 'X', email: 'nao-e-email' }), 400);
    expectProblem(await user.post(url, { version: f.version + 1, nome: 'Invasor', email: null }), 403);
    // §6: consulting a person is not maintaining one (the supertela role is).
    expectProblem(await atendente.post(url, { version: f.version + 1, nome: 'Invasor', email: null }), 403);
    const j = await one<{ numero_pessoa: number }>(`select numero_pessoa from pessoa where tipo = 'J' limit 1`);
    expectProblem(await auditor.post(`${api}/pessoa/alterar-pessoa-fisica/${j.numero_pessoa}`, { version: 0, nome: 'X', email: null }), 404);
    expect(await one(`select nome, version from pessoa where numero_pessoa = ${f.numero_pessoa}`)).toEqual({ nome: 'MARIA NOVA SILVA', version: f.version + 1 });
  });

  it('alterar-pessoa-fisica: a lone UTF-16 surrogate in the name → 400 problem+json, nothing written (was 500)', async () => {
    const f = await one<{ numero_pessoa: number; nome: string; version: number }>(`select numero_pessoa, nome, version from pessoa where tipo = 'F' order by numero_pessoa limit 1`);
    const p = expectProblem(await auditor.post(`${api}/pessoa/alterar-pessoa-fisica/${f.numero_pessoa}`, { version: f.version, nome: 'Maria \ud800 Silva', email: null }), 400);
    expect(p.fieldErrors?.[0]?.field).toBe('nome');
    expect(await one(`select nome, version from pessoa where numero_pessoa = ${f.numero_pessoa}`)).toEqual({ nome: f.nome, version: f.version });
  });

  it('alterar-pessoa-juridica (PUT): the accountant data, version-checked and audited; unknown references → 400', async () => {
    // An accounting organization (a legal person registered as accountant; the seed's accountants are individuals).
    const k = await one<{ numero_pessoa: number; version: number; classificacao_id: number; categoria_id: number }>(`select p.numero_pessoa, p.version, 2 as classificacao_id,
      1 as categoria_id from pessoa p where p.tipo = 'J' and not exists (select 1 from contador k where k.numero_pessoa = p.numero_pessoa) limit 1`);
    const url = `${api}/pessoa/alterar-pessoa-juridica/${k.numero_pessoa}`;
    const contador = { numeroCrc: '4321', digitoVerificadorCrc: 7, codigoTipoInscricao: 'T', codigoUfCrc: 'PE', categoriaId: k.categoria_id, classificacaoId: k.classificacao_id, apto: true };
    const r = await auditor.put(url, { version: k.version, contador });
    expect(r.statusCode).toBe(200);
    expect(await one(`select crc_numero, crc_uf, crc_digito, crc_tipo_inscricao, apto from contador where numero_pessoa = ${k.numero_pessoa}`))
      .toEqual({ crc_numero: '4321', crc_uf: 'PE', crc_digito: 7, crc_tipo_inscricao: 'T', apto: true });
    expect((await one<{ n: number }>(`select count(*)::int n from evento_auditoria where entity = 'Contador' and entity_id = '${k.numero_pessoa}'`)).n).toBe(1);
    const page = (await atendente.get(`${api}/pessoa/consultar-pessoa-juridica/${await one<{ d: string }>(`select numero_documento d from pessoa where numero_pessoa = ${k.numero_pessoa}`).then((x) => x.d)}`)).json();
    expect(page.dadosContabilista).toMatchObject({ numeroCrc: '4321', codigoUfCrc: 'PE', apto: true });
    expectProblem(await auditor.put(url, { version: k.version, contador }), 409);
    expectProblem(await auditor.put(url, { version: k.version + 1, contador: { ...contador, categoriaId: 999 } }), 400);
    expectProblem(await auditor.put(url, { version: k.version + 1, contador: { ...contador, numeroCrc: 'AB' } }), 400);
    expectProblem(await user.put(url, { version: k.version + 1, contador }), 403);
    expectProblem(await atendente.put(url, { version: k.version + 1, contador: { ...contador, numeroCrc: '9999' } }), 403);
    expect(await one(`select crc_numero from contador where numero_pessoa = ${k.numero_pessoa}`)).toEqual({ crc_numero: '4321' });
  });
});

describe('LGPD: CPFs reach anonymous users masked', () => {
  it("the public FIC of an individual's registration shows ***.456.789-**; a signed-in clerk sees it whole", async () => {
    // A registration held by an individual (the seed's are companies): a rural producer, say.
    const f = await one<{ numero_pessoa: number; numero_documento: string }>(`select numero_pessoa, numero_documento from pessoa where tipo = 'F' order by numero_pessoa limit 1`);
    const caceal = (await one<{ c: number }>(`select max(numero_caceal) + 1 as c from contribuinte`)).c;
    await t.db.execute(sql.raw(`insert into contribuinte (numero_caceal, digito_caceal, numero_pessoa, indicador_matriz, data_inicio_atividade, situacao_id, data_situacao)
      values (${caceal}, 0, ${f.numero_pessoa}, 'M', '2020-01-02', 1, '2020-01-02')`));
    const d = f.numero_documento;
    const anonimo = (await t.client().get(`${api}/contribuinte/obterDadosFic/${caceal}`)).json();
    expect(anonimo.cnpj).toBe(`***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`);
    expect(JSON.stringify(anonimo)).not.toContain(d);
    expect((await atendente.get(`${api}/contribuinte/obterDadosFic/${caceal}`)).json().cnpj).toBe(d);
  });
});
