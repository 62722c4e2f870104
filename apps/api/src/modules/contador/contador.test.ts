import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';
import { query } from '../../db/consulta.js';
import { textoDoPdf } from '../../test/pdf.js';
import { formatInteiro } from '@cadastro/domain';
import { relatorioNegativadas, relatorioSemManifestacao } from './empresas.js';

let t: TestApp;
let contador: Client;
let apoio: Client;
let auditor: Client;
let user: Client;
let atendente: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;
let crc: { crc: string; classificacao: number };
let outro: { crc: string; classificacao: number };
let np: number;

const recadastro = () => ({
  ...crc, enderecoEletronico: 'Celia@Contabil.com.br', ddd: '', numeroTelefone: '82999887766',
  endereco: { logradouro: 'Rua do Comércio', numero: '100', complemento: '', bairro: 'Centro', cep: '57020-000', uf: 'AL', municipio: 'Maceió' },
});

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '4' }, { registry: { taxpayers: 300, seed: 19 } });
  await linkDemoTaxpayerAccount(t.db);
  [contador, apoio, auditor, user, atendente] = await Promise.all([t.as('contador'), t.as('apoio-contador'), t.as('auditor'), t.as('user'), t.as('atendente')]);
  const k = await one<{ np: number; crc: string; cl: number }>(`select k.numero_pessoa as np, k.crc_uf || k.crc_numero as crc, k.classificacao_id as cl
    from usuario u join contador k on k.numero_pessoa = u.numero_pessoa where u.login = 'contador'`);
  np = Number(k.np);
  crc = { crc: k.crc, classificacao: k.cl };
  const o = await one<{ crc: string; cl: number }>(`select k.crc_uf || k.crc_numero as crc, k.classificacao_id as cl from contador k
    where k.numero_pessoa <> ${np} and exists (select 1 from contribuinte_contador cc where cc.numero_pessoa_contador = k.numero_pessoa) order by k.numero_pessoa limit 1`);
  outro = { crc: o.crc, classificacao: o.cl };
}, 120_000);
afterAll(() => t.close());

describe('Confirmação (contador/autenticado): the identity rule', () => {
  it('own CRC → the accountant, not re-registered yet; audited', async () => {
    const r = await contador.post(`${api}/contador/autenticado`, crc);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ numeroPessoaContador: np, crc: expect.stringMatching(new RegExp(`^${crc.crc}`)), recadastrado: false, classificacao: { codigo: crc.classificacao } });
    const a = await one<{ n: number }>(`select count(*)::int n from evento_auditoria where principal = 'contador' and data->>'message' = 'ACCOUNTANT_CONFIRMED'`);
    expect(a.n).toBe(1);
  });

  it("another accountant's CRC, an unknown CRC → the same 404; bad format → 400; staff not linked → 404; refused role → 403", async () => {
    expect(expectProblem(await contador.post(`${api}/contador/autenticado`, outro), 404).detail).toBe('Contador não encontrado com os dados informados.');
    expect(expectProblem(await contador.post(`${api}/contador/autenticado`, { crc: 'AL999999', classificacao: 3 }), 404).detail).toBe('Contador não encontrado com os dados informados.');
    expect(expectProblem(await contador.post(`${api}/contador/autenticado`, { crc: '12AB', classificacao: 1 }), 400).fieldErrors?.[0]?.message).toBe('crc');
    expectProblem(await contador.post(`${api}/contador/autenticado`, { crc: '', classificacao: '' }), 400);
    expectProblem(await contador.post(`${api}/contador/autenticado`, { crc: 'AL12345678901', classificacao: 1 }), 400);
    expectProblem(await apoio.post(`${api}/contador/autenticado`, crc), 404);
    expectProblem(await user.post(`${api}/contador/autenticado`, crc), 403);
    expectProblem(await atendente.post(`${api}/contador/autenticado`, crc), 403);
    const f = await one<{ n: number }>(`select count(*)::int n from evento_auditoria where principal = 'contador' and data->>'message' = 'ACCOUNTANT_NOT_CONFIRMED'`);
    expect(f.n).toBe(2);
  });

  it('CRC guessing is rate-limited per account: over the limit even the right CRC gets 429', async () => {
    const guesser = await t.as('apoio-contador');
    for (let i = 0; i < 4; i++) await guesser.post(`${api}/contador/autenticado`, { crc: `AL${100_000 + i}`, classificacao: 1 });
    expectProblem(await guesser.post(`${api}/contador/autenticado`, { crc: 'AL100009', classificacao: 1 }), 429);
    // The accountant's own account is not affected (its failures were cleared by its last success? it had 2; below 4).
    expect((await contador.post(`${api}/contador/autenticado`, crc)).statusCode).toBe(200);
  });
});

describe('Recadastro', () => {
  it('required once: saved (phone split into DDD + number, audited), then autenticado says recadastrado', async () => {
    expect((await contador.post(`${api}/contador/consultarRecadastro`, crc)).json()).toEqual({ recadastro: null });
    // Issue 40 §7: the form opens with the person's registry data (principal address, first phone, e-mail), not empty.
    const e = await one<{ tipo: string | null; logradouro: string; numero: string | null; bairro: string | null; cep: string | null; municipio: string | null; uf: string | null }>(
      `select tl.descricao as tipo, e.logradouro, e.numero, e.bairro, e.cep, m.nome as municipio, e.uf from endereco e
        left join ref_tipo_logradouro tl on tl.id = e.tipo_logradouro_id left join ref_municipio m on m.id = e.municipio_id
        where e.numero_pessoa = ${np} order by e.eh_principal desc, e.id limit 1`);
    const f = await one<{ ddd: string; numero: string } | undefined>(`select ddd, numero from telefone where numero_pessoa = ${np} order by id limit 1`);
    const inicial = (await contador.post(`${api}/contador/autenticado`, crc)).json().recadastro;
    expect(inicial).toMatchObject({
      ddd: f?.ddd ?? '', numeroTelefone: f?.numero ?? '',
      endereco: { logradouro: [e.tipo, e.logradouro].filter(Boolean).join(' '), numero: e.numero ?? '', bairro: e.bairro ?? '', cep: e.cep ?? '', municipio: e.municipio ?? '', uf: e.uf ?? 'AL' },
    });
    expect(inicial.endereco.logradouro).not.toBe('');
    // A lone UTF-16 surrogate in a text field → 400 at the boundary, before anything is written (was 500).
    for (const sujo of [{ enderecoEletronico: 'celia\udc00@contabil.com.br' }, { endereco: { ...recadastro().endereco, logradouro: 'Rua \ud800' } }]) {
      expectProblem(await contador.put(`${api}/contador/recadastro`, { ...recadastro(), ...sujo }), 400);
    }
    expect((await contador.post(`${api}/contador/consultarRecadastro`, crc)).json()).toEqual({ recadastro: null });
    const r = await contador.put(`${api}/contador/recadastro`, recadastro());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ enderecoEletronico: 'celia@contabil.com.br', ddd: '82', numeroTelefone: '999887766', endereco: { cep: '57020000', municipio: 'Maceió' } });
    const depois = (await contador.post(`${api}/contador/autenticado`, crc)).json();
    expect(depois.recadastrado).toBe(true);
    // Next time the form opens with what was saved.
    expect(depois.recadastro).toEqual({ enderecoEletronico: 'celia@contabil.com.br', ddd: '82', numeroTelefone: '999887766', endereco: { ...recadastro().endereco, cep: '57020000' } });
    expect((await contador.post(`${api}/contador/consultarRecadastro`, crc)).json().recadastro.ddd).toBe('82');
    expect((await one<{ n: number }>(`select count(*)::int n from evento_auditoria where data->>'message' = 'ACCOUNTANT_REREGISTERED'`)).n).toBe(1);
  });

  it('bad input → 400 with the field codes, nothing written; another CRC → 404; refused role → 403', async () => {
    const antes = await one<{ v: number }>(`select version v from contador_recadastro where numero_pessoa_contador = ${np}`);
    const sem = expectProblem(await contador.put(`${api}/contador/recadastro`, { ...recadastro(), enderecoEletronico: '', numeroTelefone: '' }), 400);
    expect(sem.fieldErrors?.map((f) => f.message)).toEqual(expect.arrayContaining(['emailObrigatorio', 'telefoneObrigatorio']));
    expect(expectProblem(await contador.put(`${api}/contador/recadastro`, { ...recadastro(), enderecoEletronico: 'sem-arroba' }), 400).fieldErrors?.[0]?.message).toBe('emailInvalido');
    expectProblem(await contador.put(`${api}/contador/recadastro`, { ...recadastro(), ddd: '823', numeroTelefone: '99988776' }), 400);
    expectProblem(await contador.put(`${api}/contador/recadastro`, { ...recadastro(), ...outro }), 404);
    expectProblem(await user.put(`${api}/contador/recadastro`, recadastro()), 403);
    expect((await one<{ v: number }>(`select version v from contador_recadastro where numero_pessoa_contador = ${np}`)).v).toBe(antes.v);
  });
});

describe('Statements', () => {
  it('companies of the accountant; generate in one transaction: previous active → N, new active; history kept; audited', async () => {
    const clientes = (await contador.post(`${api}/contribuinte/porContador`, crc)).json() as { numeroCaceal: number; ultimaManifestacao: string | null }[];
    expect(clientes.length).toBeGreaterThan(0);
    expect((await contador.post(`${api}/contribuinte/porUsuario`)).json()).toEqual(clientes);
    const antes = (await contador.post(`${api}/manifestacao/consultar`, crc)).json() as { total: number; nomeContador: string };
    const corpo = { ...crc, manifestacoes: clientes.map((c, i) => ({ caceal: c.numeroCaceal, tipoManifestacao: i === 0 ? 2 : 1 })) };
    const r = await contador.post(`${api}/manifestacao/gerar`, corpo);
    expect(r.statusCode).toBe(200);
    const g = r.json() as { nomeContador: string; manifestacoes: { indAtivo: string; tipoManifestacao: number }[] };
    expect(g.nomeContador).toBe(antes.nomeContador);
    expect(g.manifestacoes).toHaveLength(clientes.length);
    expect(g.manifestacoes.every((m) => m.indAtivo === 'S')).toBe(true);
    expect(g.manifestacoes.filter((m) => m.tipoManifestacao === 2)).toHaveLength(1);
    const depois = (await contador.post(`${api}/manifestacao/consultar`, crc)).json() as { total: number; manifestacoes: { indAtivo: string }[] };
    expect(depois.total).toBe(antes.total + clientes.length);
    expect(depois.manifestacoes.filter((m) => m.indAtivo === 'S')).toHaveLength(clientes.length);
    // A second round inactivates the first one's statements (S → N): still one active per company.
    await contador.post(`${api}/manifestacao/gerar`, corpo);
    const ativas = await one<{ n: number; total: number }>(`select count(*) filter (where ind_ativo = 'S')::int n, count(*)::int total from manifestacao where numero_pessoa_contador = ${np}`);
    expect(ativas.n).toBe(clientes.length);
    expect(ativas.total).toBe(antes.total + 2 * clientes.length);
    expect((await contador.post(`${api}/manifestacao/consultarPorUsuario`)).json().total).toBe(ativas.total);
    expect((await one<{ n: number }>(`select count(*)::int n from evento_auditoria where data->>'message' = 'STATEMENTS_GENERATED'`)).n).toBe(2);
  });

  it('a company that is not a client fails the whole generation (nothing written); empty list, bad input → 400; other roles', async () => {
    const total = async () => (await one<{ n: number }>(`select count(*)::int n from manifestacao`)).n;
    const n0 = await total();
    const meu = (await contador.post(`${api}/contribuinte/porContador`, crc)).json()[0].numeroCaceal as number;
    const alheio = await one<{ caceal: number }>(`select c.numero_caceal as caceal from contribuinte c where not exists
      (select 1 from contribuinte_contador cc where cc.contribuinte_id = c.id and cc.numero_pessoa_contador = ${np}) limit 1`);
    const p = expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: [{ caceal: meu, tipoManifestacao: 1 }, { caceal: alheio.caceal, tipoManifestacao: 2 }] }), 400);
    expect(p.fieldErrors?.[0]?.message).toBe('naoCliente');
    expect(expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: [] }), 400).fieldErrors?.[0]?.message).toBe('semContribuinte');
    expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: [{ caceal: meu, tipoManifestacao: 3 }] }), 400);
    expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: [{ caceal: meu, tipoManifestacao: 1 }, { caceal: meu, tipoManifestacao: 2 }] }), 400);
    expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...outro, manifestacoes: [{ caceal: meu, tipoManifestacao: 1 }] }), 404);
    // Tax staff with the statements role cannot generate for an accountant (not linked).
    expectProblem(await apoio.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: [{ caceal: meu, tipoManifestacao: 1 }] }), 404);
    expectProblem(await auditor.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: [{ caceal: meu, tipoManifestacao: 1 }] }), 403);
    expectProblem(await user.post(`${api}/manifestacao/consultar`, crc), 403);
    expect(await total()).toBe(n0);
  });

  it('consultar with a page (#32): server pages, the filter by CACEAL, CNPJ or name, the summary counts; bad paging → 400', async () => {
    const tudo = (await contador.post(`${api}/manifestacao/consultar`, crc)).json() as { total: number; manifestacoes: { id: number; caceal: number; indAtivo: string; tipoManifestacao: number; razaoSocial: string }[] };
    type Pagina = { total: number; totalFiltrado: number; manifestacoes: { id: number; caceal: number; razaoSocial: string }[]; ativas: { confirmacoes: number; negacoes: number } };
    const p1 = (await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: 0, size: 5 })).json() as Pagina;
    expect(p1.manifestacoes.map((m) => m.id)).toEqual(tudo.manifestacoes.slice(0, 5).map((m) => m.id));
    expect(p1).toMatchObject({ total: tudo.total, totalFiltrado: tudo.total });
    const p2 = (await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: 1, size: 5 })).json() as Pagina;
    expect(p2.manifestacoes.map((m) => m.id)).toEqual(tudo.manifestacoes.slice(5, 10).map((m) => m.id));
    const ativas = tudo.manifestacoes.filter((m) => m.indAtivo === 'S');
    expect(p1.ativas).toEqual({ confirmacoes: ativas.filter((m) => m.tipoManifestacao === 1).length, negacoes: ativas.filter((m) => m.tipoManifestacao === 2).length });
    const so = (await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: 0, size: 20, somenteAtivas: true })).json() as Pagina;
    expect(so.totalFiltrado).toBe(ativas.length);
    const alvo = tudo.manifestacoes[0]!;
    const porCaceal = (await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: 0, size: 20, filtro: String(alvo.caceal) })).json() as Pagina;
    expect(porCaceal.manifestacoes.length).toBeGreaterThan(0);
    expect(porCaceal.manifestacoes.every((m) => m.caceal === alvo.caceal)).toBe(true);
    const nome = alvo.razaoSocial.split(' ')[0]!.toLowerCase();
    const porNome = (await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: 0, size: 100, filtro: nome })).json() as Pagina;
    expect(porNome.manifestacoes.every((m) => m.razaoSocial.toLowerCase().includes(nome))).toBe(true);
    expectProblem(await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: -1 }), 400);
    expectProblem(await contador.post(`${api}/manifestacao/consultar`, { ...crc, page: 0, size: 1000 }), 400);
  });

  it('consultarPorUsuario with a page (#32): the signed-in accountant\'s own statements only, paged, filtered, the summary over all of them', async () => {
    type Pagina = { nomeContador: string; total: number; totalFiltrado: number; manifestacoes: { id: number; caceal: number }[]; ativas: { confirmacoes: number; negacoes: number } };
    const meus = await all<{ id: number }>(`select id from manifestacao where numero_pessoa_contador = ${np} order by data_manifestacao desc, id desc`);
    const conta = await one<{ c: number; n: number }>(`select count(*) filter (where tipo = 1)::int c, count(*) filter (where tipo = 2)::int n
      from manifestacao where numero_pessoa_contador = ${np} and ind_ativo = 'S'`);
    expect(meus.length).toBeGreaterThan(8);
    expect((await all(`select 1 from manifestacao where numero_pessoa_contador <> ${np}`)).length).toBeGreaterThan(0);
    const pagina = async (corpo: object) => {
      const r = await contador.post(`${api}/manifestacao/consultarPorUsuario`, corpo);
      expect(r.statusCode).toBe(200);
      return r.json() as Pagina;
    };
    const p0 = await pagina({ page: 0, size: 4 });
    const p1 = await pagina({ page: 1, size: 4 });
    expect([...p0.manifestacoes, ...p1.manifestacoes].map((m) => m.id)).toEqual(meus.slice(0, 8).map((m) => Number(m.id)));
    expect(p0).toMatchObject({ total: meus.length, totalFiltrado: meus.length, ativas: { confirmacoes: conta.c, negacoes: conta.n } });
    expect(p0.ativas.negacoes).toBeGreaterThan(0);
    expect((await pagina({ page: 0 })).manifestacoes).toHaveLength(Math.min(20, meus.length));
    // The filter narrows the rows, never the summary (it counts every active statement).
    const alvo = p1.manifestacoes[0]!;
    const filtrada = await pagina({ page: 0, size: 100, filtro: String(alvo.caceal) });
    expect(filtrada.manifestacoes.length).toBeGreaterThan(0);
    expect(filtrada.manifestacoes.every((m) => m.caceal === alvo.caceal)).toBe(true);
    expect(filtrada.totalFiltrado).toBe(filtrada.manifestacoes.length);
    expect(filtrada.ativas).toEqual(p0.ativas);
    expect((await pagina({ page: 0, size: 100, somenteAtivas: true })).totalFiltrado).toBe(conta.c + conta.n);
    // A CRC in the body (as §7 callers may send) changes nothing: the account decides whose statements.
    expect((await pagina({ ...outro, page: 0, size: 4 })).manifestacoes).toEqual(p0.manifestacoes);
    // Without a page: the §7 answer, unpaged, as before.
    expect((await contador.post(`${api}/manifestacao/consultarPorUsuario`)).json()).not.toHaveProperty('totalFiltrado');
    expectProblem(await contador.post(`${api}/manifestacao/consultarPorUsuario`, { page: -1 }), 400);
    expectProblem(await contador.post(`${api}/manifestacao/consultarPorUsuario`, { page: 0, size: 101 }), 400);
    // Staff not linked to an accountant have no own statements; a role outside the area is refused.
    expectProblem(await apoio.post(`${api}/manifestacao/consultarPorUsuario`, { page: 0 }), 404);
    expectProblem(await user.post(`${api}/manifestacao/consultarPorUsuario`, { page: 0 }), 403);
  });

  it("consultar: the accountant only their own; tax staff any accountant; unknown → 404", async () => {
    expectProblem(await contador.post(`${api}/manifestacao/consultar`, outro), 404);
    expectProblem(await contador.post(`${api}/contribuinte/porContador`, outro), 404);
    expect((await apoio.post(`${api}/manifestacao/consultar`, outro)).statusCode).toBe(200);
    expect((await auditor.post(`${api}/contador/consultar`, outro)).json().nome).toEqual(expect.any(String));
    expectProblem(await auditor.post(`${api}/manifestacao/consultar`, { crc: 'AL999999', classificacao: 3 }), 404);
    expectProblem(await apoio.post(`${api}/manifestacao/consultarPorUsuario`), 404);
  });

  it('statement PDF: own or staff; another accountant → 404; unknown id → 404; refused role → 403', async () => {
    const m = await one<{ id: number }>(`select id from manifestacao where numero_pessoa_contador = ${np} and ind_ativo = 'S' order by id desc limit 1`);
    const r = await contador.get(`${api}/manifestacao/relatorio/${m.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect((await textoDoPdf(r.rawPayload)).texto).toContain('Manifestação do Contabilista');
    expect((await apoio.get(`${api}/manifestacao/relatorio/${m.id}`)).statusCode).toBe(200);
    const alheia = await one<{ id: number }>(`select id from manifestacao where numero_pessoa_contador <> ${np} limit 1`);
    expectProblem(await contador.get(`${api}/manifestacao/relatorio/${alheia.id}`), 404);
    expectProblem(await contador.get(`${api}/manifestacao/relatorio/999999999`), 404);
    expectProblem(await user.get(`${api}/manifestacao/relatorio/${m.id}`), 403);
  });
});

describe('Companies with and without statements (tax staff)', () => {
  it('sem manifestação: paged (size 10), activity start in the period, none with an active statement', async () => {
    const r = await apoio.get(`${api}/contribuinte/semManifestacaoPaginado?dataInicial=1990-01-01&dataFinal=2027-01-01&page=0&size=10`);
    expect(r.statusCode).toBe(200);
    const p = r.json() as { totalElements: number; totalPages: number; content: { numeroCaceal: number }[] };
    expect(p.totalElements).toBeGreaterThan(10);
    expect(p.content).toHaveLength(10);
    expect(p.totalPages).toBe(Math.ceil(p.totalElements / 10));
    const caceais = p.content.map((c) => c.numeroCaceal).join(',');
    expect((await one<{ n: number }>(`select count(*)::int n from manifestacao m join contribuinte c on c.id = m.contribuinte_id
      where m.ind_ativo = 'S' and c.numero_caceal in (${caceais})`)).n).toBe(0);
    const pdf = await apoio.get(`${api}/contribuinte/relatorioEmpresasSemManifestacoes?dataInicial=1990-01-01&dataFinal=2027-01-01`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await textoDoPdf(pdf.rawPayload)).texto).toContain('Empresas sem Manifestação');
  });

  it('sem manifestação: every page, read from the nearer end (#40 §5), in order; together the whole list, each row once; past the end empty', async () => {
    const esperado = (await all<{ caceal: number }>(`select c.numero_caceal as caceal from contribuinte c
      where c.data_inicio_atividade >= '1990-01-01' and c.data_inicio_atividade < '2027-01-01'
        and exists (select 1 from contribuinte_contador cc where cc.contribuinte_id = c.id)
        and not exists (select 1 from manifestacao m where m.contribuinte_id = c.id and m.ind_ativo = 'S')
      order by c.data_inicio_atividade, c.id`)).map((x) => x.caceal);
    expect(esperado.length % 7).not.toBe(0); // a partial last page, read backwards
    const lidos: number[] = [];
    for (let page = 0; page <= Math.ceil(esperado.length / 7); page++) {
      const r = await apoio.get(`${api}/contribuinte/semManifestacaoPaginado?dataInicial=1990-01-01&dataFinal=2027-01-01&page=${page}&size=7`);
      expect(r.statusCode).toBe(200);
      const p = r.json() as { totalElements: number; content: { numeroCaceal: number; razaoSocial: string }[] };
      expect(p.totalElements).toBe(esperado.length);
      expect(p.content.every((c) => c.razaoSocial)).toBe(true);
      lidos.push(...p.content.map((c) => c.numeroCaceal));
    }
    expect(lidos).toEqual(esperado);
  });

  it('com negação: active denials of the period; the one generated above is there; PDF', async () => {
    const r = await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { dataInicial: '2000-01-01', dataFinal: '2100-01-01' });
    expect(r.statusCode).toBe(200);
    const l = r.json() as { ultimaManifestacao: string }[];
    expect(l.length).toBeGreaterThan(0);
    expect(l.every((x) => x.ultimaManifestacao)).toBe(true);
    const pdf = await apoio.post(`${api}/contribuinte/relatorioEmpresasNegativadas`, { dataInicial: '2000-01-01', dataFinal: '2100-01-01' });
    expect((await textoDoPdf(pdf.rawPayload)).texto).toContain('Empresas com Manifestação de Negação');
  });

  it('the two PDFs say their exact count, and when they print fewer (capped), how many of how many (#40 §2: "5000 empresa(s)" of 212,043)', async () => {
    const sem = { dataInicial: '1990-01-01', dataFinal: '2027-01-01' };
    const totalSem = ((await apoio.get(`${api}/contribuinte/semManifestacaoPaginado?${new URLSearchParams(sem)}&page=0&size=1`)).json() as { totalElements: number }).totalElements;
    const neg = { dataInicial: '2000-01-01', dataFinal: '2100-01-01' };
    const totalNeg = ((await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { ...neg, page: 0, size: 1 })).json() as { total: number }).total;
    expect(totalSem).toBeGreaterThan(2);
    expect(totalNeg).toBeGreaterThan(2);
    expect((await relatorioSemManifestacao(t.db, sem)).subtitulo).toMatch(new RegExp(` — ${formatInteiro(totalSem).replace('.', '\\.')} empresa\\(s\\)$`));
    expect((await relatorioSemManifestacao(t.db, sem, 2)).subtitulo).toContain(`— as primeiras 2 de ${formatInteiro(totalSem)} empresas (refine o período para ver as demais)`);
    expect((await relatorioNegativadas(t.db, neg)).subtitulo).toMatch(new RegExp(` — ${formatInteiro(totalNeg).replace('.', '\\.')} empresa\\(s\\)$`));
    expect((await relatorioNegativadas(t.db, neg, 2)).subtitulo).toContain(`— as primeiras 2 de ${formatInteiro(totalNeg)} empresas (refine o período para ver as demais)`);
  });

  it('com negação with a page (#32): the server pages and filters by CACEAL or name; totals of the filter and of the period; §7 body unchanged', async () => {
    const minhas = (await contador.post(`${api}/contribuinte/porUsuario`, {})).json() as { numeroCaceal: number; razaoSocial: string }[];
    expect(minhas.length).toBeGreaterThanOrEqual(3);
    expect((await contador.post(`${api}/manifestacao/gerar`, { ...crc, manifestacoes: minhas.map((e) => ({ caceal: e.numeroCaceal, tipoManifestacao: 2 })) })).statusCode).toBe(200);
    const periodo = { dataInicial: '2000-01-01', dataFinal: '2100-01-01' };
    const todas = (await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, periodo)).json() as { numeroCaceal: number }[];
    expect(todas.length).toBeGreaterThanOrEqual(minhas.length);
    type Pagina = { content: { numeroCaceal: number; razaoSocial: string }[]; totalElements: number; totalPages: number; total: number };
    const pagina = async (corpo: object) => {
      const r = await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { ...periodo, ...corpo });
      expect(r.statusCode).toBe(200);
      return r.json() as Pagina;
    };
    const p0 = await pagina({ page: 0, size: 2 });
    expect(p0).toEqual({ content: expect.any(Array), totalElements: todas.length, totalPages: Math.ceil(todas.length / 2), total: todas.length });
    expect(p0.content.map((c) => c.numeroCaceal)).toEqual(todas.slice(0, 2).map((c) => c.numeroCaceal));
    expect((await pagina({ page: 1, size: 2 })).content.map((c) => c.numeroCaceal)).toEqual(todas.slice(2, 4).map((c) => c.numeroCaceal));
    expect((await pagina({ page: 0 })).content).toHaveLength(Math.min(20, todas.length));
    // The filter: a CACEAL (with dots typed), then a part of the name; `total` stays the period's.
    const alvo = minhas[minhas.length - 1]!;
    const porCaceal = await pagina({ page: 0, size: 20, filtro: ` ${String(alvo.numeroCaceal).replace(/^(\d{2})(\d{3})/, '$1.$2.')} ` });
    expect(porCaceal.content.map((c) => c.numeroCaceal)).toContain(alvo.numeroCaceal);
    expect(porCaceal.content.every((c) => String(c.numeroCaceal).startsWith(String(alvo.numeroCaceal)))).toBe(true);
    expect(porCaceal.total).toBe(todas.length);
    const parte = alvo.razaoSocial.split(' ')[0]!.toLowerCase();
    const porNome = await pagina({ page: 0, size: 100, filtro: parte });
    expect(porNome.content.map((c) => c.numeroCaceal)).toContain(alvo.numeroCaceal);
    expect(porNome.content.every((c) => c.razaoSocial.toLowerCase().includes(parte))).toBe(true);
    expect(porNome.totalElements).toBe(porNome.content.length);
    expect((await pagina({ page: 0, filtro: 'zz%_nenhuma' })).totalElements).toBe(0);
    // Same roles as the whole list; bad page → 400.
    expectProblem(await contador.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { ...periodo, page: 0 }), 403);
    expectProblem(await atendente.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { ...periodo, page: 0 }), 403);
    expectProblem(await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { ...periodo, page: -1 }), 400);
  });

  it('dates required, final before initial → 400; accountant and clerk refused → 403', async () => {
    expect(expectProblem(await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { dataInicial: '2026-05-02', dataFinal: '2026-05-01' }), 400).fieldErrors?.[0]?.message).toBe('periodo');
    expectProblem(await apoio.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { dataInicial: '2026-05-02' }), 400);
    expectProblem(await apoio.get(`${api}/contribuinte/semManifestacaoPaginado?dataInicial=2026-13-01&dataFinal=2026-12-01`), 400);
    expectProblem(await contador.get(`${api}/contribuinte/semManifestacaoPaginado?dataInicial=2026-01-01&dataFinal=2026-12-01`), 403);
    expectProblem(await atendente.post(`${api}/contribuinte/relatorioEmpresasNegativadas`, { dataInicial: '2026-01-01', dataFinal: '2026-12-01' }), 403);
  });
});
