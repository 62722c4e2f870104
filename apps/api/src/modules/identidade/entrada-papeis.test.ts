import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Authority, ERRO_NIVEL_GOVBR, formatarCrc } from '@cadastro/domain';
import { query, queryOne } from '../../db/consulta.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { Navegador } from './fluxo.test-support.js';
import { GRUPOS_DEMO } from './config.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 19 } });
}, 240_000);
afterAll(async () => t?.close());

async function entrar(provedor: 'govbr' | 'estado', escolha: Record<string, string | string[]>): Promise<Client> {
  const { token, destino } = await new Navegador(t).entrar(provedor, escolha);
  if (!token) throw new Error(`refused: ${destino}`);
  const c = t.client();
  c.token = token;
  return c;
}

/**
 * A person (CPF) of the registry no account is linked to: an accountant, or not (holding no registration of
 * his own: a produtor rural's is the test below).
 */
async function livre(accountant: boolean) {
  const [p] = await query<{ cpf: string; numero: string; uf: string; crc: string; tipo: string | null; digito: number | null; cl: number }>(t.db, sql`select p.numero_documento as cpf, p.numero_pessoa as numero,
      k.crc_uf as uf, k.crc_numero as crc, k.crc_tipo_inscricao as tipo, k.crc_digito as digito, k.classificacao_id as cl
    from pessoa p left join contador k on k.numero_pessoa = p.numero_pessoa
    where p.tipo = 'F' and not exists (select 1 from usuario u where u.numero_pessoa = p.numero_pessoa)
      and ${accountant ? sql`k.numero_pessoa is not null` : sql`k.numero_pessoa is null`}
    order by p.numero_pessoa limit 1`);
  if (!p) throw new Error('no free person in the generated registry');
  return p;
}

describe('gov.br: the CPF is the link to the person', { timeout: 90_000 }, () => {
  it("a taxpayer's first sign-in reads their own person in Meu Cadastro, no administrator involved", async () => {
    const p = await livre(false);
    const c = await entrar('govbr', { sujeito: p.cpf, nivel: 'bronze' });
    const r = await c.get('/sfz-cadastro-api/api/pessoa/obterUsuarioLogado');
    expect(r.statusCode).toBe(200);
    expect(r.json<{ numeroDocumento: string; numeroPessoa: number }>()).toMatchObject({ numeroDocumento: p.cpf, numeroPessoa: Number(p.numero) });
  });

  it("a produtor rural picked from the simulator's list sees his own registration, held by his CPF, and no other", async () => {
    const nav = new Navegador(t);
    const tela = await nav.tela('govbr');
    const opcao = /<option value="(\d{11})" data-papel="produtor rural" data-caceal="(\d+)">([^<]+)<\/option>/.exec(tela.html);
    if (!opcao) throw new Error(`no produtor rural on the screen: ${tela.html.slice(0, 600)}`);
    const [, cpf, caceal] = opcao;
    const dono = await queryOne<{ np: string; nome: string }>(t.db, sql`select c.numero_pessoa as np, p.nome from contribuinte c join pessoa p using (numero_pessoa)
      where c.numero_caceal = ${Number(caceal)} and p.numero_documento = ${cpf} and p.tipo = 'F'`);
    expect(dono, 'the CACEAL offered is held by that CPF').toBeTruthy();
    expect(opcao[3]).toContain(dono!.nome);
    const { token, destino } = await nav.concluir(await nav.escolher(tela.url, { sujeito: cpf!, nivel: 'bronze' }));
    if (!token) throw new Error(`refused: ${destino}`);
    const c = t.client();
    c.token = token;
    const eu = (await c.get('/sfz-cadastro-api/api/pessoa/obterUsuarioLogado')).json<{ numeroPessoa: number; nome: string; cacealList: number[] }>();
    expect(eu).toMatchObject({ numeroPessoa: Number(dono!.np), nome: dono!.nome });
    // No name typed on the screen: the account carries the person's name, as gov.br sends the Receita's.
    const conta = (await c.get('/api/account')).json<{ firstName: string; lastName: string }>();
    expect(`${conta.firstName} ${conta.lastName}`).toBe(dono!.nome);
    expect(eu.cacealList[0]).toBe(Number(caceal));
    const dados = await c.get(`/sfz-cadastro-api/api/contribuinte/obterDadosCadastrais/${eu.numeroPessoa}?caceal=${caceal}`);
    expect(dados.statusCode, dados.body).toBe(200);
    const outro = await queryOne<{ np: string }>(t.db, sql`select numero_pessoa as np from contribuinte where numero_pessoa <> ${eu.numeroPessoa} limit 1`);
    expectProblem(await c.get(`/sfz-cadastro-api/api/contribuinte/obterDadosCadastrais/${outro!.np}`), 403);
  });

  it('an accountant at bronze is refused the accountant area naming the level; at prata, let in', async () => {
    const p = await livre(true);
    const corpo = { crc: `${p.uf}${p.crc}`, classificacao: p.cl };
    const bronze = await entrar('govbr', { sujeito: p.cpf, nivel: 'bronze' });
    expect((await bronze.get('/api/account')).json<{ authorities: string[] }>().authorities).toContain(Authority.MAN_MANIFESTACAO);
    const recusa = expectProblem(await bronze.post('/sfz-cadastro-api/api/contador/autenticado', corpo), 403);
    expect(recusa.message).toBe(`${ERRO_NIVEL_GOVBR}.prata`);
    expect(recusa.detail).toContain('prata');
    expect(recusa.detail).toContain('https://confiabilidades.acesso.gov.br/');
    expectProblem(await bronze.post('/sfz-cadastro-api/api/manifestacao/consultarPorUsuario', {}), 403);
    const prata = await entrar('govbr', { sujeito: p.cpf, nivel: 'prata' });
    const ok = await prata.post('/sfz-cadastro-api/api/contador/autenticado', corpo);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ crc: string }>().crc).toBe(formatarCrc(p.uf, p.crc, p.tipo, p.digito));
  });
});

describe("staff through the state's provider", { timeout: 90_000 }, () => {
  const papeis = async (c: Client) => (await c.get('/api/account')).json<{ authorities: string[] }>().authorities;

  it('gets exactly the roles its groups map to, and loses those of a group removed at the next sign-in', async () => {
    const login = `clerk${Date.now() % 1e6}`;
    const ambos = await entrar('estado', { sujeito: login, grupo: ['cadastro-atendimento', 'cadastro-editais', 'grupo-sem-papel'] });
    const esperado = [...new Set([Authority.USER, ...GRUPOS_DEMO['cadastro-atendimento']!, ...GRUPOS_DEMO['cadastro-editais']!])].sort();
    expect(await papeis(ambos)).toEqual(esperado);
    expect((await ambos.get('/api/identidade/sessao')).json()).toEqual({ metodo: 'estado', nivel: null });

    const um = await entrar('estado', { sujeito: login, grupo: ['cadastro-atendimento'] });
    const agora = [...new Set([Authority.USER, ...GRUPOS_DEMO['cadastro-atendimento']!])].sort();
    expect(await papeis(um)).toEqual(agora);
    // The earlier session holds the account's roles as they are now, too.
    await new Promise((r) => setTimeout(r, 2_100)); // Sessoes' cache of another session's principal
    expect(await papeis(ambos)).toEqual(agora);
  });

  it('no group that gives a role: refused, and the sessions it had end', async () => {
    const login = `exclerk${Date.now() % 1e6}`;
    const antes = await entrar('estado', { sujeito: login, grupo: ['cadastro-relatorios'] });
    const r = await new Navegador(t).entrar('estado', { sujeito: login, grupo: [] });
    expect(r.destino).toContain('erro=semPapel');
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await antes.get('/api/account')).statusCode).toBe(401);
    const u = await queryOne<{ n: number }>(t.db, sql`select count(*)::int as n from usuario_autoridade ua join usuario u on u.id = ua.usuario_id where u.login = ${login}`);
    expect(u!.n).toBe(0);
  });

  it('gov.br never signs into a staff account linked to the same person', async () => {
    const p = await livre(false);
    await t.db.execute(sql`update usuario set numero_pessoa = ${Number(p.numero)} where login = 'atendente' and numero_pessoa is null`);
    const r = await new Navegador(t).entrar('govbr', { sujeito: p.cpf, nivel: 'ouro' });
    expect(r.destino).toContain('erro=contaEquipe');
    await t.db.execute(sql`update usuario set numero_pessoa = null where login = 'atendente'`);
  });
});
