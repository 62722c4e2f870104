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

describe('a person\'s linked companies a page at a time (#32)', () => {
  type Pagina = { totalElements: number; content: { numeroPessoa: number; numeroCaceal: number | null; digitoCaceal: number | null; cnpj: string; razaoSocial: string }[] };
  const url = (np: number, q: string) => `${api}/pessoa/empresas-vinculadas/${np}?${q}`;

  it('pages of the given size in the §7 page\'s order, the total of every company; the filter by name, CNPJ and CACEAL', async () => {
    // The accountant in charge of the most companies of the seed.
    const k = await one<{ np: number; doc: string; n: number }>(`select cc.numero_pessoa_contador as np, p.numero_documento as doc, count(distinct c.numero_pessoa)::int as n
      from contribuinte_contador cc join contribuinte c on c.id = cc.contribuinte_id join pessoa p on p.numero_pessoa = cc.numero_pessoa_contador
      group by 1, 2 order by 3 desc, 1 limit 1`);
    const np = Number(k.np);
    expect(k.n).toBeGreaterThan(7);
    const pagina = async (q: string) => {
      const r = await atendente.get(url(np, q));
      expect(r.statusCode).toBe(200);
      return r.json() as Pagina;
    };
    const paginas: Pagina[] = [];
    for (let page = 0; page * 7 < k.n; page++) paginas.push(await pagina(`vinculo=contador&page=${page}&size=7`));
    expect(paginas.every((p) => p.totalElements === k.n)).toBe(true);
    expect(paginas.slice(0, -1).every((p) => p.content.length === 7)).toBe(true);
    const dePagina = paginas.flatMap((p) => p.content);
    const caminho = k.doc.length === 11 ? `consultar-pessoa-fisica/${k.doc}` : `consultar-pessoa-juridica/${k.doc}`;
    const pagina7 = (await atendente.get(`${api}/pessoa/${caminho}`)).json() as { empresaResponsavelContabil?: Pagina['content']; empresaContadorResponsavel?: Pagina['content'] };
    expect(dePagina).toEqual(pagina7.empresaResponsavelContabil ?? pagina7.empresaContadorResponsavel);
    expect((await pagina('vinculo=contador')).content).toHaveLength(Math.min(20, k.n));

    const alvo = dePagina.find((e) => e.numeroCaceal)!;
    const palavra = alvo.razaoSocial.split(' ')[0]!.toLowerCase();
    const porNome = await pagina(`vinculo=contador&size=100&filtro=${encodeURIComponent(palavra)}`);
    expect(porNome.content.length).toBeGreaterThan(0);
    expect(porNome.content.every((e) => e.razaoSocial.toLowerCase().includes(palavra))).toBe(true);
    expect(porNome.totalElements).toBe(dePagina.filter((e) => e.razaoSocial.toLowerCase().includes(palavra)).length);
    expect((await pagina(`vinculo=contador&filtro=${encodeURIComponent(formatCnpj(alvo.cnpj))}`)).content.map((e) => e.numeroPessoa)).toEqual([alvo.numeroPessoa]);
    const porCaceal = await pagina(`vinculo=contador&filtro=${alvo.numeroCaceal}${alvo.digitoCaceal ?? ''}`);
    expect(porCaceal.content.map((e) => e.numeroPessoa)).toContain(alvo.numeroPessoa);
    expect(porCaceal.content.every((e) => String(e.numeroCaceal).startsWith(String(alvo.numeroCaceal)) || e.cnpj.startsWith(String(alvo.numeroCaceal)))).toBe(true);
    expect(await pagina('vinculo=contador&filtro=zzzz%25_nada')).toEqual({ totalElements: 0, content: [] });
    // A stale link past the last page: no rows, the total still right.
    expect(await pagina(`vinculo=contador&page=${Math.ceil(k.n / 7) + 3}&size=7`)).toEqual({ totalElements: k.n, content: [] });
    // A partner's companies come with the qualification.
    const s = await one<{ np: number }>(`select numero_pessoa_socio as np from socio group by 1 order by count(*) desc limit 1`);
    const socio = (await atendente.get(url(Number(s.np), 'vinculo=socio'))).json() as { content: { qualificacao: string | null }[] };
    expect(socio.content.length).toBeGreaterThan(0);
    expect(socio.content.every((e) => e.qualificacao)).toBe(true);
  });

  it("an individual's companies are logged as a read of that individual (LGPD), with the screen; a company's are not", async () => {
    const leituras = (cpf: string) => one<{ n: number }>(`select count(*)::int n from leitura_pessoa where cpf = '${cpf}' and login = 'atendente' and tela = 'pessoa'`);
    const s = await one<{ np: number; cpf: string }>(`select s.numero_pessoa_socio as np, p.numero_documento as cpf from socio s
      join pessoa p on p.numero_pessoa = s.numero_pessoa_socio where p.tipo = 'F' order by 1 limit 1`);
    const antes = (await leituras(s.cpf)).n;
    expect((await atendente.get(url(Number(s.np), 'vinculo=socio&tela=pessoa'))).statusCode).toBe(200);
    expect((await atendente.get(url(Number(s.np), 'vinculo=socio&tela=pessoa&page=1'))).statusCode).toBe(200);
    expect((await leituras(s.cpf)).n).toBe(antes + 2);
    const j = await one<{ np: number }>(`select numero_pessoa_empresa as np from responsavel order by 1 limit 1`);
    const total = await one<{ n: number }>('select count(*)::int n from leitura_pessoa');
    expect((await atendente.get(url(Number(j.np), 'vinculo=socio'))).statusCode).toBe(200);
    expect(await one<{ n: number }>('select count(*)::int n from leitura_pessoa')).toEqual(total);
    expectProblem(await atendente.get(url(Number(s.np), 'vinculo=socio&tela=outra')), 400);
  });

  it('bad input → 400; unknown person → 404; a role without person reads → 403; anonymous → 401', async () => {
    const p = await one<{ np: number }>(`select numero_pessoa as np from pessoa order by numero_pessoa limit 1`);
    expectProblem(await atendente.get(url(Number(p.np), 'vinculo=outro')), 400);
    expectProblem(await atendente.get(url(Number(p.np), 'vinculo=socio&size=1000')), 400);
    expectProblem(await atendente.get(url(Number(p.np), 'vinculo=socio&page=-1')), 400);
    expectProblem(await atendente.get(url(Number(p.np), '')), 400);
    expect(expectProblem(await atendente.get(url(999_999_999, 'vinculo=socio')), 404).detail).toBe('Registro não encontrado.');
    expectProblem(await user.get(url(Number(p.np), 'vinculo=socio')), 403);
    expectProblem(await t.client().get(url(Number(p.np), 'vinculo=socio')), 401);
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
