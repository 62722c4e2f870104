import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatCnpj } from '@cadastro/domain';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';

let t: TestApp;
let clerk: Client;
const base = '/sfz-cadastro-api/api/contribuinte/obterListaContribuintes';
const one = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 400, seed: 3 } });
  clerk = await t.as('atendente');
}, 120_000);
afterAll(() => t.close());

describe('GET contribuinte/obterListaContribuintes/{docType}/{query}/{page0}/{size}', () => {
  it('by CACEAL: one registration with its status', async () => {
    const c = await one<{ numero_caceal: number; digito_caceal: number; numero_pessoa: number }>('select numero_caceal, digito_caceal, numero_pessoa from contribuinte order by id limit 1');
    const r = await clerk.get(`${base}/CACEAL/${c.numero_caceal}/0/10`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ totalElements: 1, totalPages: 1, totalIsLowerBound: false });
    expect(r.json().content[0]).toMatchObject({ numeroCaceal: c.numero_caceal, digitoCaceal: c.digito_caceal, numeroPessoa: c.numero_pessoa });
    expect(typeof r.json().content[0].situacaoCadastral).toBe('string');
  });

  it('by CNPJ with mask (also alphanumeric) and by root', async () => {
    const p = await one<{ numero_documento: string; raiz_cnpj: string }>(`select numero_documento, raiz_cnpj from pessoa where tipo = 'J' and numero_documento ~ '[A-Z]' limit 1`);
    const r = await clerk.get(`${base}/CNPJ/${encodeURIComponent(formatCnpj(p.numero_documento))}/0/10`);
    expect(r.json().content.length).toBeGreaterThan(0);
    expect(r.json().content[0].cnpj).toBe(p.numero_documento);
    const root = await clerk.get(`${base}/RAIZ_DO_CNPJ/${p.raiz_cnpj}/0/10`);
    expect(root.json().content.every((c: { cnpj: string }) => c.cnpj.startsWith(p.raiz_cnpj))).toBe(true);
  });

  it('by razão social: paged, totalPages from the total', async () => {
    const r = (await clerk.get(`${base}/RAZAO_SOCIAL/ltda/0/5`)).json();
    expect(r.content).toHaveLength(5);
    expect(r.totalPages).toBe(Math.ceil(r.totalElements / 5));
    const p2 = (await clerk.get(`${base}/RAZAO_SOCIAL/ltda/1/5`)).json();
    expect(p2.content.map((c: { numeroCaceal: number }) => c.numeroCaceal)).not.toContain(r.content[0].numeroCaceal);
    expect((await clerk.get(`${base}/RAZAO_SOCIAL/zzqqxx/0/5`)).json()).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it.each([
    ['CACEAL/123/0/10', 'query'],
    ['CACEAL/2400000A/0/10', 'query'],
    ['CNPJ/11222333000182/0/10', 'query'],
    ['RAIZ_DO_CNPJ/123/0/10', 'query'],
    ['CPF/52998224726/0/10', 'query'],
    ['RAZAO_SOCIAL/ab/0/10', 'query'],
    ['RAZAO_SOCIAL/silva/0/1000', 'size'],
    ['RAZAO_SOCIAL/silva/-1/10', 'page0'],
    ['NOME/silva/0/10', 'docType'],
    // past the 1,000 results the screen shows: refused, not walked
    ['RAZAO_SOCIAL/silva/100/10', 'page0'],
    ['RAZAO_SOCIAL/silva/10000/100', 'page0'],
  ])('bad input %s → 400 with a field error on %s', async (path, field) => {
    const p = expectProblem(await clerk.get(`${base}/${path}`), 400);
    expect(p.fieldErrors?.map((f) => f.field)).toContain(field);
  });

  it('needs ROLE_CAD_CON_DADOS_CONTRI: 401 anonymous, 403 for user and for the admin', async () => {
    expectProblem(await t.client().get(`${base}/RAZAO_SOCIAL/silva/0/10`), 401);
    expectProblem(await (await t.as('user')).get(`${base}/RAZAO_SOCIAL/silva/0/10`), 403);
    expectProblem(await (await t.as('admin')).get(`${base}/RAZAO_SOCIAL/silva/0/10`), 403);
    expect((await (await t.as('auditor')).get(`${base}/RAZAO_SOCIAL/silva/0/10`)).statusCode).toBe(200);
  });
});

describe('GET contribuinte/obterDadosCadastrais', () => {
  const dados = '/sfz-cadastro-api/api/contribuinte/obterDadosCadastrais';
  it('by CACEAL and by person: identification, address, phones, status, processing', async () => {
    const c = await one<{ numero_caceal: number; numero_pessoa: number }>(`select numero_caceal, numero_pessoa from contribuinte where situacao_id <> 1 order by id limit 1`);
    const r = await clerk.get(`${dados}/porCaceal/${c.numero_caceal}`);
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({ numeroCaceal: c.numero_caceal, numeroPessoa: c.numero_pessoa });
    expect(d.identificacao.endereco).toMatchObject({ ehPrincipal: true, uf: 'AL' });
    expect(d.identificacao.endereco.cep).toMatch(/^57\d{6}$/);
    expect(d.identificacao.telefones.length).toBeGreaterThan(0);
    expect(d.situacaoCadastral.situacaoCadastralContribuinte).not.toBe('ATIVO');
    expect(d.situacaoCadastral.dataSituacao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.formasAtuacao.length).toBeGreaterThan(0);
    const byPerson = await clerk.get(`${dados}/${c.numero_pessoa}?caceal=${c.numero_caceal}`);
    expect(byPerson.json().numeroCaceal).toBe(c.numero_caceal);
  });

  it('unknown → 404 problem; a CACEAL of another person → 404; bad CACEAL → 400', async () => {
    expect(expectProblem(await clerk.get(`${dados}/porCaceal/24099998`), 404).detail).toBe('Nenhum registro encontrado.');
    for (const bad of ['2.4e7', '0x16E3600', '+24000000', '24000000.0', '2400000', '240000000']) {
      expect(expectProblem(await clerk.get(`${dados}/porCaceal/${encodeURIComponent(bad)}`), 400).fieldErrors?.[0]?.field).toBe('caceal');
    }
    expectProblem(await clerk.get(`${dados}/999999999`), 404);
    const c = await one<{ numero_caceal: number }>(`select numero_caceal from contribuinte order by id desc limit 1`);
    expectProblem(await clerk.get(`${dados}/1?caceal=${c.numero_caceal}`), 404);
    expectProblem(await clerk.get(`${dados}/porCaceal/123`), 400);
    // The third digit is the taxpayer type (0, 3, 5, 7, 8): any other is refused, said by its own code.
    const tipo = expectProblem(await clerk.get(`${dados}/porCaceal/24999998`), 400);
    expect(tipo.fieldErrors).toEqual([expect.objectContaining({ field: 'caceal', message: 'cacealTipo' })]);
  });

  it('needs ROLE_CAD_CON_DADOS_CONTRI', async () => {
    expectProblem(await t.client().get(`${dados}/porCaceal/24000000`), 401);
    expectProblem(await (await t.as('contribuinte')).get(`${dados}/porCaceal/24000000`), 403);
  });
});

describe('tab calls: obterAtividades, obterSocios, obterResponsavel, obterContador', () => {
  const api = '/sfz-cadastro-api/api/contribuinte';
  it('activities: the principal first, CNAE described', async () => {
    const c = await one<{ numero_caceal: number; numero_pessoa: number }>('select numero_caceal, numero_pessoa from contribuinte order by id limit 1');
    const a = (await clerk.get(`${api}/obterAtividades/porCaceal/${c.numero_caceal}`)).json();
    expect(a[0]).toMatchObject({ ehAtividadePrincipal: true });
    expect(a[0].codigoCnae).toMatch(/^\d{7}$/);
    expect(a.filter((x: { ehAtividadePrincipal: boolean }) => x.ehAtividadePrincipal)).toHaveLength(1);
    expect((await clerk.get(`${api}/obterAtividades/${c.numero_pessoa}?caceal=${c.numero_caceal}`)).json()).toEqual(a);
  });

  it('a branch shows the QSA and the responsible of its head office', async () => {
    const f = await one<{ numero_caceal: number; matriz: number }>(`select c.numero_caceal, p.numero_pessoa_raiz as matriz from contribuinte c
      join pessoa p on p.numero_pessoa = c.numero_pessoa where c.indicador_matriz = 'F'
      and exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa_raiz) limit 1`); // a company with partners (not an EIRELI)
    const socios = (await clerk.get(`${api}/obterSocios/porCaceal/${f.numero_caceal}`)).json();
    const daMatriz = (await clerk.get(`${api}/obterSocios/${f.matriz}`)).json();
    expect(socios.length).toBeGreaterThan(0);
    expect(socios).toEqual(daMatriz);
    const resp = (await clerk.get(`${api}/obterResponsavel/porCaceal/${f.numero_caceal}`)).json();
    expect(socios.find((s: { ehResponsavel: boolean }) => s.ehResponsavel)?.numeroPessoaSocio).toBe(resp.numeroPessoa);
    // Each partner and the responsible carry their own main address and phones (no other person's).
    for (const s of [...socios.map((x: { numeroPessoaSocio: number; endereco: unknown; contatos: unknown[] }) => ({ np: x.numeroPessoaSocio, ...x })), { np: resp.numeroPessoa, ...resp }]) {
      const e = await one<{ id: number } | undefined>(`select id from endereco where numero_pessoa = ${s.np} order by eh_principal desc, id limit 1`);
      expect((s.endereco as { id: number } | null)?.id).toBe(e?.id);
      const fones = await one<{ n: number }>(`select count(*)::int as n from telefone where numero_pessoa = ${s.np}`);
      expect(s.contatos).toHaveLength(fones.n);
    }
  });

  it('accountant when linked, null when not', async () => {
    const com = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c join contribuinte_contador cc on cc.contribuinte_id = c.id limit 1`);
    const k = (await clerk.get(`${api}/obterContador/porCaceal/${com.numero_caceal}`)).json();
    expect(k.numeroCrc).toMatch(/^\d{1,6}$/);
    expect(k.codigoTipoInscricao).toMatch(/^[OTSPF]$/);
    expect(k.codigoUfCrc).toBe('AL');
    // §3 endereco + contato list: the accountant's main address and every phone, as stored.
    const endereco = await one<{ id: number; cep: string }>(`select e.id, e.cep from endereco e where e.numero_pessoa = ${k.numeroPessoaContador} order by e.eh_principal desc, e.id limit 1`);
    expect(k.endereco).toMatchObject({ id: endereco.id, cep: endereco.cep });
    const fones = await one<{ n: number }>(`select count(*)::int as n from telefone where numero_pessoa = ${k.numeroPessoaContador}`);
    expect(k.contatos).toHaveLength(fones.n);
    const sem = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c where not exists
      (select 1 from contribuinte_contador cc where cc.contribuinte_id = c.id) limit 1`);
    const r = await clerk.get(`${api}/obterContador/porCaceal/${sem.numero_caceal}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toBeNull();
  });

  it('roles and bad input', async () => {
    expectProblem(await t.client().get(`${api}/obterSocios/1`), 401);
    expectProblem(await (await t.as('user')).get(`${api}/obterSocios/1`), 403);
    expectProblem(await clerk.get(`${api}/obterSocios/porCaceal/1`), 400);
    expectProblem(await clerk.get(`${api}/obterAtividades/abc`), 400);
  });
});

describe('tab calls: obterProcuradores, obterEditais, obterRegimesEspeciais', () => {
  const api = '/sfz-cadastro-api/api/contribuinte';
  it('attorneys, notices that cite the registration, special regimes', async () => {
    const p = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c join procurador x on x.contribuinte_id = c.id limit 1`);
    const procs = (await clerk.get(`${api}/obterProcuradores/porCaceal/${p.numero_caceal}`)).json();
    expect(procs[0]).toMatchObject({ caceal: p.numero_caceal });
    expect(procs[0].numeroDocumento).toMatch(/^\d{11}$/);
    const end = await one<{ cep: string }>(`select e.cep from endereco e join pessoa p on p.numero_pessoa = e.numero_pessoa
      where p.numero_documento = '${procs[0].numeroDocumento}' order by e.eh_principal desc, e.id limit 1`);
    expect(procs[0].endereco.cep).toBe(end.cep);
    expect(Array.isArray(procs[0].contatos)).toBe(true);
    const e = await one<{ numero_caceal: number; numero: string }>(`select c.numero_caceal, e.numero from contribuinte c
      join edital_contribuinte ec on ec.contribuinte_id = c.id join edital e on e.id = ec.edital_id limit 1`);
    const editais = (await clerk.get(`${api}/obterEditais/porCaceal/${e.numero_caceal}`)).json();
    expect(editais.map((x: { numero: string }) => x.numero)).toContain(e.numero);
    const r = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c join regime_especial_contribuinte x on x.contribuinte_id = c.id limit 1`);
    const regimes = (await clerk.get(`${api}/obterRegimesEspeciais/porCaceal/${r.numero_caceal}`)).json();
    expect(regimes[0]).toMatchObject({ numCaceal: r.numero_caceal });
    expect(['I', 'D', 'R', 'S']).toContain(regimes[0].situacao);
    expect(['S', 'N']).toContain(regimes[0].indAtivo);
  });
  it('an empty tab is an empty list', async () => {
    const c = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c where not exists (select 1 from procurador x where x.contribuinte_id = c.id) limit 1`);
    expect((await clerk.get(`${api}/obterProcuradores/porCaceal/${c.numero_caceal}`)).json()).toEqual([]);
  });
});

describe('GET relatorio/imprimir (the printable sheet)', () => {
  const imprimir = '/sfz-cadastro-api/api/relatorio/imprimir';
  it('is a PDF with every section, the razão social, accents and page numbers', async () => {
    const c = await one<{ numero_caceal: number; numero_pessoa: number; raiz: number; nome: string }>(`select c.numero_caceal, c.numero_pessoa, p.nome,
      coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz from contribuinte c join pessoa p using (numero_pessoa)
      where exists (select 1 from socio s where s.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa)) order by c.id limit 1`);
    const r = await clerk.get(`${imprimir}?numeroCaceal=${c.numero_caceal}&numeroPessoa=${c.numero_pessoa}&numeroPessoaRaiz=${c.raiz}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`inline; filename="ficha-cadastral-${c.numero_caceal}.pdf"`);
    const { texto, paginas } = await textoDoPdf(r.rawPayload);
    expect(paginas).toBeGreaterThanOrEqual(1);
    expect(texto).toContain(c.nome);
    for (const s of ['IDENTIFICAÇÃO', 'ENDEREÇO PRINCIPAL', 'CONTATO', 'SITUAÇÃO CADASTRAL', 'PROCESSAMENTO DE DADOS', 'ATIVIDADE ECONÔMICA', 'CONTADOR',
      'PROCURADOR NO ESTADO', 'EDITAIS', 'RESPONSÁVEL', 'QUADRO DE SÓCIOS E ADMINISTRADORES']) expect(texto).toContain(s);
    expect(texto).toContain(`Página 1 de ${paginas}`);
  });

  it('a person number that is not the CACEAL\'s → 404; bad CACEAL → 400; roles', async () => {
    const c = await one<{ numero_caceal: number }>('select numero_caceal from contribuinte order by id limit 1');
    expectProblem(await clerk.get(`${imprimir}?numeroCaceal=${c.numero_caceal}&numeroPessoa=1`), 404);
    expectProblem(await clerk.get(`${imprimir}?numeroCaceal=24099998`), 404);
    expectProblem(await clerk.get(`${imprimir}?numeroCaceal=12`), 400);
    expectProblem(await t.client().get(`${imprimir}?numeroCaceal=${c.numero_caceal}`), 401);
    expectProblem(await (await t.as('user')).get(`${imprimir}?numeroCaceal=${c.numero_caceal}`), 403);
    expectProblem(await (await t.as('contribuinte')).get(`${imprimir}?numeroCaceal=${c.numero_caceal}`), 403);
  });
});

describe('GET pessoa/obterEnderecos/{n}', () => {
  it('every address of the person, the main one first; staff only', async () => {
    const c = await one<{ numero_pessoa: number; n: number }>(`select numero_pessoa, count(*)::int as n from endereco group by numero_pessoa order by count(*) desc limit 1`);
    const r = (await clerk.get(`/sfz-cadastro-api/api/pessoa/obterEnderecos/${c.numero_pessoa}`)).json();
    expect(r).toHaveLength(c.n);
    expect(r[0].ehPrincipal).toBe(true);
    expectProblem(await (await t.as('user')).get(`/sfz-cadastro-api/api/pessoa/obterEnderecos/${c.numero_pessoa}`), 403);
    expectProblem(await (await t.as('contribuinte')).get(`/sfz-cadastro-api/api/pessoa/obterEnderecos/${c.numero_pessoa}`), 403);
  });
});
