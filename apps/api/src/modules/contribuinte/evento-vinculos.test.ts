import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { seedRegistry } from '../../seed/registro.js';
import { cpfCheckDigits } from '@cadastro/domain';
import { query } from '../../db/consulta.js';

/** Issue 31 §2: the supertela's Responsável, Contador and Procurador edges. */
let t: TestApp;
let auditor: Client;
let atendente: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp();
  await seedRegistry(t.built.ctx.database, { taxpayers: 200, seed: 31 });
  [auditor, atendente] = await Promise.all([t.as('auditor'), t.as('atendente')]);
}, 120_000);
afterAll(() => t.close());

const PROCESSO = { processo: '2026.000031', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null };
type Reg = { numero_caceal: number; numero_pessoa: number; version: number; id: number };
const dados = async (r: Reg) => (await auditor.get(`${api}/contribuinte/obterDadosCadastrais/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();

describe('Responsável: its own data corrected in place (§4 alterarDadosResponsavel)', () => {
  it('impedido and qualificação of the same person, in the timeline; a stale screen → 409, nothing written', async () => {
    const r = await one<Reg & { resp: number; qualificacao_id: number }>(`select c.id, c.numero_caceal, c.numero_pessoa, c.version, x.numero_pessoa_responsavel as resp, x.qualificacao_id
      from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa join responsavel x on x.numero_pessoa_empresa = p.numero_pessoa
      where p.numero_pessoa_raiz is null and not x.possui_impedimento order by c.id limit 1`);
    const d = await dados(r);
    const body = { ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version, versoes: d.versoes,
      responsavel: { numeroPessoa: Number(r.resp), qualificacaoId: r.qualificacao_id, possuiImpedimento: true } };
    expectProblem(await atendente.post(`${api}/eventos`, body), 403);
    const ok = await auditor.post(`${api}/eventos`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    const resp = (await auditor.get(`${api}/contribuinte/obterResponsavel/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
    expect(resp).toMatchObject({ numeroPessoa: Number(r.resp), possuiImpedimento: true });
    const tl = (await auditor.get(`${api}/eventos/listar?numeroCaceal=${r.numero_caceal}&size=1`)).json();
    expect(tl.content[0].alteracoes).toEqual([{ aba: 'responsavel', campo: 'responsavel.impedido', chave: null, antes: 'N', depois: 'S' }]);
    // Absent impedido (a §7 client) keeps it; the same data again is no change.
    expectProblem(await auditor.post(`${api}/eventos`, { ...body, version: r.version + 1, versoes: undefined, responsavel: { numeroPessoa: Number(r.resp), qualificacaoId: r.qualificacao_id } }), 400);
    // A screen that read the responsible before this change: 409 naming the part, nothing written.
    const antes = await all(`select * from responsavel where numero_pessoa_empresa = ${r.numero_pessoa}`);
    const velho = await auditor.post(`${api}/eventos`, { ...body, version: r.version + 1, responsavel: { ...body.responsavel, possuiImpedimento: false } });
    expectProblem(velho, 409);
    expect(velho.json().detail).toContain('O responsável da empresa foi alterado por outra pessoa');
    expect(await all(`select * from responsavel where numero_pessoa_empresa = ${r.numero_pessoa}`)).toEqual(antes);
  });
});

describe('Contador: an accountant registered with the CRC form (§5), then linked by the event', () => {
  it('roles, bad input (nothing written), a new person with the typed name, CRC in use, twice → 409; the tab reads every field', async () => {
    const nove = '318490' + String(Date.now() % 1000).padStart(3, '0');
    const cpf = nove + cpfCheckDigits(nove);
    const cat = await one<{ id: number }>('select id from ref_crc_categoria order by id limit 1');
    const body = { numeroDocumento: cpf, nome: 'Maria Contadora Teste', numeroCrc: '179190', digitoVerificadorCrc: 9, codigoTipoInscricao: 'O', codigoUfCrc: 'AL',
      categoriaId: cat.id, classificacaoId: 1, apto: true };
    const conta = () => one<{ p: number; k: number; a: number }>(`select (select count(*) from pessoa)::int p, (select count(*) from contador)::int k, (select count(*) from evento_auditoria)::int a`);
    const antes = await conta();
    expectProblem(await atendente.post(`${api}/contador/cadastrar`, body), 403);
    expectProblem(await t.client().post(`${api}/contador/cadastrar`, body), 401);
    for (const ruim of [{ digitoVerificadorCrc: 12 }, { codigoTipoInscricao: 'X' }, { numeroCrc: '' }, { numeroDocumento: cpf.slice(0, 10) + ((Number(cpf[10]) + 1) % 10) },
      { nome: '' }, { codigoUfCrc: 'ZZ' }, { classificacaoId: 999 }]) {
      expectProblem(await auditor.post(`${api}/contador/cadastrar`, { ...body, ...ruim }), 400);
    }
    expect(await conta()).toEqual(antes);
    // A CRC (UF, number, classification) that is another accountant's.
    const outro = await one<{ crc_uf: string; crc_numero: string; classificacao_id: number }>('select crc_uf, crc_numero, classificacao_id from contador limit 1');
    expectProblem(await auditor.post(`${api}/contador/cadastrar`, { ...body, codigoUfCrc: outro.crc_uf, numeroCrc: outro.crc_numero, classificacaoId: outro.classificacao_id }), 400);
    expect(await conta()).toEqual(antes);

    const ok = await auditor.post(`${api}/contador/cadastrar`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    const k = ok.json();
    expect(k).toMatchObject({ numeroDocumento: cpf, razaoSocial: 'MARIA CONTADORA TESTE', contador: { numeroCrc: '179190', digitoVerificadorCrc: 9, codigoUfCrc: 'AL', apto: true } });
    expect(await conta()).toEqual({ p: antes.p + 1, k: antes.k + 1, a: antes.a + 2 });
    expectProblem(await auditor.post(`${api}/contador/cadastrar`, body), 409);
    expect((await auditor.get(`${api}/contador/obterPorNumeroDocumento/${cpf}`)).json().numeroPessoaContador).toBe(k.numeroPessoaContador);

    // Linked through the event (the Contador tab's Salvar): obterContador shows the CRC form's fields.
    const r = await one<Reg>('select c.id, c.numero_caceal, c.numero_pessoa, c.version from contribuinte c order by c.id offset 5 limit 1');
    const ev = await auditor.post(`${api}/eventos`, { ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version,
      contador: { numeroPessoaContador: k.numeroPessoaContador, dataInicio: '2026-11-02' } });
    expect(ev.statusCode, ev.body).toBe(200);
    const lido = (await auditor.get(`${api}/contribuinte/obterContador/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
    expect(lido).toMatchObject({ numeroDocumento: cpf, nome: 'MARIA CONTADORA TESTE', numeroCrc: '179190', digitoVerificadorCrc: 9, codigoTipoInscricao: 'O',
      codigoUfCrc: 'AL', classificacao: expect.any(String), categoria: expect.any(String), apto: true });
  });
});

describe('Procurador: an attorney the lookup did not find, registered with the name typed and an address outside AL', () => {
  it('roles, AL refused (§5), bad references → 400 nothing written; registered, found by the lookup, linked by the event', async () => {
    const nove = '527310' + String(Date.now() % 1000).padStart(3, '0');
    const cpf = nove + cpfCheckDigits(nove);
    const tipo = await one<{ id: number }>('select id from ref_tipo_endereco order by id limit 1');
    const recife = await one<{ id: number }>("select id from ref_municipio where uf = 'PE' order by id limit 1");
    const maceio = await one<{ id: number }>("select id from ref_municipio where uf = 'AL' order by id limit 1");
    const endereco = { tipoEnderecoId: tipo.id, ehPrincipal: true, paisId: 76, uf: 'PE', municipioId: recife.id, tipoLogradouroId: null, logradouro: 'Rua da Aurora',
      numero: '10', complemento: null, bairro: 'Boa Vista', cep: '50050000', referencia: null, enderecoEletronico: null, latitude: null, longitude: null };
    const body = { numeroDocumento: cpf, nome: 'Pedro Procurador Teste', endereco };
    const conta = () => one<{ p: number; e: number }>('select (select count(*) from pessoa)::int p, (select count(*) from endereco)::int e');
    const antes = await conta();
    expectProblem(await atendente.post(`${api}/procurador/cadastrar`, body), 403);
    for (const ruim of [{ endereco: { ...endereco, uf: 'AL', municipioId: maceio.id } }, { endereco: { ...endereco, municipioId: maceio.id } },
      { endereco: { ...endereco, tipoEnderecoId: 9999 } }, { nome: ' ' }, { numeroDocumento: '11111111111' }]) {
      expectProblem(await auditor.post(`${api}/procurador/cadastrar`, { ...body, ...ruim }), 400);
    }
    expect(await conta()).toEqual(antes);
    const ok = await auditor.post(`${api}/procurador/cadastrar`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    const p = ok.json();
    expect(p).toMatchObject({ numeroDocumento: cpf, razaoSocial: 'PEDRO PROCURADOR TESTE' });
    expect(await conta()).toEqual({ p: antes.p + 1, e: antes.e + 1 });
    expectProblem(await auditor.post(`${api}/procurador/cadastrar`, body), 409);
    const lido = (await auditor.get(`${api}/procurador/obterPorNumeroDocumento/${cpf}`)).json();
    expect(lido.numeroPessoa).toBe(p.numeroPessoa);
    // Issue 40 §6: the street typed whole gives its type (RUA) and leaves it.
    expect(lido.endereco).toMatchObject({ tipoLogradouro: 'RUA', logradouro: 'da Aurora' });
    // Without an address too (the name alone).
    const nove2 = '527311' + String(Date.now() % 1000).padStart(3, '0');
    expect((await auditor.post(`${api}/procurador/cadastrar`, { numeroDocumento: nove2 + cpfCheckDigits(nove2), nome: 'Sem Endereco', endereco: null })).statusCode).toBe(200);

    const r = await one<Reg>('select c.id, c.numero_caceal, c.numero_pessoa, c.version from contribuinte c order by c.id offset 6 limit 1');
    const atuais = (await auditor.get(`${api}/contribuinte/obterProcuradores/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json() as { numeroPessoa: number; dataInicioValidade: string }[];
    const ev = await auditor.post(`${api}/eventos`, { ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version,
      procuradores: [...atuais.map((x) => ({ numeroPessoa: x.numeroPessoa, dataInicioValidade: x.dataInicioValidade })), { numeroPessoa: p.numeroPessoa, dataInicioValidade: '2026-11-03' }] });
    expect(ev.statusCode, ev.body).toBe(200);
    expect((await auditor.get(`${api}/contribuinte/obterProcuradores/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json())
      .toContainEqual(expect.objectContaining({ numeroDocumento: cpf, razaoSocial: 'PEDRO PROCURADOR TESTE', dataInicioValidade: '2026-11-03' }));
  });
});
