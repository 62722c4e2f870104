import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuditMessage, Authority, formatCnpj, formatCpf, generateCpf, seededRng, type VinculoConta } from '@cadastro/domain';
import { query, queryOne } from '../../db/consulta.js';
import { seedRegistry } from '../../seed/registro.js';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';

/** users/{login}/pessoa: an administrator links an account to a registry person, and that is what the account's routes then grant. */
let t: TestApp;
let admin: Client;
const url = (login: string) => `/api/users/${login}/pessoa`;
let empresa: { np: number; doc: string; caceal: number };
let contador: { np: number; doc: string; classificacao: number };
let semPessoa: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedRegistry(t.built.ctx.database, { taxpayers: 60, seed: 31 });
  admin = await t.as('admin');
  empresa = (await queryOne<typeof empresa>(t.db, sql`select p.numero_pessoa::int as np, p.numero_documento as doc, c.numero_caceal::int as caceal
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.tipo = 'J' and c.indicador_matriz = 'M' order by c.id limit 1`))!;
  contador = (await queryOne<typeof contador>(t.db, sql`select p.numero_pessoa::int as np, p.numero_documento as doc, k.classificacao_id as classificacao
    from contador k join pessoa p on p.numero_pessoa = k.numero_pessoa where p.tipo = 'F' order by p.numero_pessoa limit 1`))!;
  const rng = seededRng(31);
  do semPessoa = generateCpf(rng);
  while (await queryOne(t.db, sql`select 1 from pessoa where numero_documento = ${semPessoa}`));
  expect(empresa && contador).toBeTruthy();
}, 120_000);
afterAll(() => t.close());

const pessoaDe = async (login: string) => (await queryOne<{ np: number | null }>(t.db, sql`select numero_pessoa::int as np from usuario where login = ${login}`))!.np;
const auditorias = (login: string) =>
  query<{ principal: string; data: { message: string }; before: { numeroPessoa: number | null }; after: { numeroPessoa: number | null } }>(t.db, sql`select e.principal, e.data, e.before, e.after
    from evento_auditoria e join usuario u on e.entity = 'usuario' and e.entity_id = u.id::text where u.login = ${login} and e.data->>'message' in ('PERSON_LINKED', 'PERSON_UNLINKED') order by e.id`);

describe('link and unlink', () => {
  it('links by the masked CNPJ: the name and the registrations the account then owns; audited', async () => {
    expect((await admin.get(url('user'))).json()).toEqual({ login: 'user', vinculo: null });
    const r = await admin.put(url('user'), { numeroDocumento: formatCnpj(empresa.doc) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-app-alert']).toBe('userManagement.vinculo.vinculado');
    const v = r.json<VinculoConta>().vinculo!;
    expect(v).toMatchObject({ numeroPessoa: empresa.np, tipo: 'J', numeroDocumento: empresa.doc, contador: null });
    expect(v.nome.length).toBeGreaterThan(0);
    // 'user' holds ROLE_USER only: the registrations are named, and so is the missing role.
    expect(v.meuCadastro.papel).toBe(false);
    expect(v.meuCadastro.cacealList).toContain(empresa.caceal);
    expect(v.meuCadastro.total).toBeGreaterThanOrEqual(1);
    expect(await pessoaDe('user')).toBe(empresa.np);
    expect((await admin.get(url('user'))).json()).toEqual(r.json());
    const a = await auditorias('user');
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ principal: 'admin', data: { message: AuditMessage.PERSON_LINKED }, before: { numeroPessoa: null }, after: { numeroPessoa: empresa.np } });
  });

  it('one person, one account: linking it to a second account is 409 naming the first; nothing written', async () => {
    const r = expectProblem(await admin.put(url('atendente'), { numeroDocumento: empresa.doc }), 409);
    expect(r.message).toBe('userManagement.vinculo.jaVinculada');
    expect(r.detail).toContain('user');
    expect(await pessoaDe('atendente')).toBeNull();
    expect(await auditorias('atendente')).toHaveLength(0);
  });

  it('unlinks (audited); unlinking again writes nothing', async () => {
    const r = await admin.delete(url('user'));
    expect(r.statusCode).toBe(204);
    expect(r.headers['x-app-alert']).toBe('userManagement.vinculo.desvinculado');
    expect(await pessoaDe('user')).toBeNull();
    expect((await admin.delete(url('user'))).statusCode).toBe(204);
    const a = await auditorias('user');
    expect(a.map((x) => x.data.message)).toEqual([AuditMessage.PERSON_LINKED, AuditMessage.PERSON_UNLINKED]);
    expect(a[1]).toMatchObject({ before: { numeroPessoa: empresa.np }, after: { numeroPessoa: null } });
  });
});

describe('what the link grants, as the routes grant it', () => {
  it('an accountant linked by CPF enters the accountant area with its own CRC, and not before', async () => {
    // A fresh account of an accountant's role, linked to nobody yet.
    const novo = await admin.post('/api/users', { login: 'celia', email: 'celia@sefaz.al.gov.br', authorities: [Authority.USER, Authority.MAN_MANIFESTACAO] });
    expect(novo.statusCode, novo.body).toBe(201);
    await t.db.execute(sql`update usuario set password_hash = (select password_hash from usuario where login = 'user') where login = 'celia'`);
    const celia = await t.as('celia', 'user');
    const r = await admin.put(url('celia'), { numeroDocumento: formatCpf(contador.doc) });
    expect(r.statusCode, r.body).toBe(200);
    const v = r.json<VinculoConta>().vinculo!;
    expect(v.contador).toMatchObject({ papel: true });
    const crc = { crc: v.contador!.crc, classificacao: contador.classificacao };
    expect((await celia.post('/sfz-cadastro-api/api/contador/autenticado', crc)).statusCode).toBe(200);
    expect((await admin.delete(url('celia'))).statusCode).toBe(204);
    expectProblem(await celia.post('/sfz-cadastro-api/api/contador/autenticado', crc), 404);
  });

  it('a member of GESTOR_EDITAL linked to the notice manager: the team is named, with the role she holds', async () => {
    const np = (await queryOne<{ np: number }>(t.db, sql`select min(numero_pessoa)::int as np from sca_membro where grupo = 'GESTOR_EDITAL'`))!.np;
    const doc = (await queryOne<{ doc: string }>(t.db, sql`select numero_documento as doc from pessoa where numero_pessoa = ${np}`))!.doc;
    const v = (await admin.put(url('editais'), { numeroDocumento: doc })).json<VinculoConta>().vinculo!;
    expect(v.edital).toMatchObject({ papel: true, equipeGestorEdital: true });
    expect(v.meuCadastro.papel).toBe(false);
  });
});

describe('refused', () => {
  it('a wrong check digit → 400 with the field; nothing written', async () => {
    const bad = contador.doc.slice(0, 10) + String((Number(contador.doc[10]) + 1) % 10);
    const r = expectProblem(await admin.put(url('atendente'), { numeroDocumento: bad }), 400);
    expect(r.fieldErrors?.[0]).toMatchObject({ field: 'numeroDocumento', message: 'documentoDigito' });
    expectProblem(await admin.put(url('atendente'), { numeroDocumento: '123' }), 400);
    expectProblem(await admin.put(url('atendente'), {}), 400);
    expect(await pessoaDe('atendente')).toBeNull();
    expect(await auditorias('atendente')).toHaveLength(0);
  });

  it('a valid CPF of nobody in the registry → 404 saying so; an unknown account → 404', async () => {
    const r = expectProblem(await admin.put(url('atendente'), { numeroDocumento: semPessoa }), 404);
    expect(r.message).toBe('userManagement.vinculo.pessoaNaoEncontrada');
    expect(await pessoaDe('atendente')).toBeNull();
    expectProblem(await admin.put(url('ninguem'), { numeroDocumento: empresa.doc }), 404);
    expectProblem(await admin.get(url('ninguem')), 404);
    expectProblem(await admin.delete(url('ninguem')), 404);
  });

  it('only an administrator: 403 for any other role, 401 signed out', async () => {
    const auditor = await t.as('auditor');
    const contribuinte = await t.as('contribuinte');
    const antes = await pessoaDe('contribuinte');
    for (const c of [auditor, contribuinte]) {
      expectProblem(await c.get(url('contribuinte')), 403);
      expectProblem(await c.put(url('contribuinte'), { numeroDocumento: empresa.doc }), 403);
      expectProblem(await c.delete(url('contribuinte')), 403);
    }
    expectProblem(await t.client().get(url('user')), 401);
    expect(await pessoaDe('contribuinte')).toBe(antes);
  });
});
