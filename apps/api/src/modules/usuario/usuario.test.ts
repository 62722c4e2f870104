import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuditMessage, ProblemType } from '@cadastro/domain';
import { queryOne } from '../../db/consulta.js';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { usuario } from '../../db/schema/index.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.as('admin');
});
afterAll(() => t.close());

const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(usuario))[0]!.n;

describe('GET /api/users', () => {
  it('pages with X-Total-Count, default id,asc', async () => {
    const r = await admin.get('/api/users?page=0&size=3');
    expect(r.statusCode).toBe(200);
    expect(Number(r.headers['x-total-count'])).toBe(await count());
    const ids = r.json().map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toHaveLength(3);
    const p2 = (await admin.get('/api/users?page=1&size=3')).json();
    expect(p2[0].id).toBeGreaterThan(ids[2]);
  });

  it('sorts by a field, with id as tiebreak', async () => {
    const logins = (await admin.get('/api/users?size=20&sort=login,desc')).json().map((u: { login: string }) => u.login);
    expect(logins).toEqual([...logins].sort().reverse());
    const byActivated = (await admin.get('/api/users?size=20&sort=activated,asc')).json();
    expect(byActivated.length).toBeGreaterThan(1);
  });

  it('an unknown sort field or a bad page → 400, not 500', async () => {
    expectProblem(await admin.get('/api/users?sort=passwordHash,asc'), 400);
    expectProblem(await admin.get('/api/users?page=-1'), 400);
    expectProblem(await admin.get('/api/users?size=0'), 400);
  });

  it('lists grantable authorities', async () => {
    const a = (await admin.get('/api/users/authorities')).json();
    expect(a).toContain('ROLE_ADMIN');
    expect(a).toContain('ROLE_CAD_MAN_DADOS_CONTRI');
  });
});

describe('create, update, delete', () => {
  it('creates a user who sets a password through the mailed link', async () => {
    const r = await admin.post('/api/users', { login: 'Novo.Atendente', email: 'novo@sefaz.al.gov.br', firstName: 'Novo', authorities: ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI'] });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ login: 'novo.atendente', activated: true, createdBy: 'admin' });
    expect(r.headers['x-app-alert']).toBe('userManagement.created');
    const mail = await t.lastMailTo('novo@sefaz.al.gov.br');
    const key = /#\/reset\/([A-Za-z0-9]{20})/.exec(mail.textBody ?? '')![1];
    expect((await t.client().post('/api/account/reset-password/finish', { key, newPassword: 'primeira-senha' })).statusCode).toBe(200);
    const c = await t.as('novo.atendente', 'primeira-senha');
    expect((await c.get('/api/account')).json().authorities).toEqual(['ROLE_CAD_CON_DADOS_CONTRI', 'ROLE_USER']);
  });

  it('duplicate login or email → 400 with the problem types; unknown authority → 400; nothing written', async () => {
    const before = await count();
    expect(expectProblem(await admin.post('/api/users', { login: 'user', email: 'x1@x.com.br', authorities: [] }), 400).type).toBe(ProblemType.LOGIN_ALREADY_USED);
    expect(expectProblem(await admin.post('/api/users', { login: 'x1', email: 'USER@cadastro.local', authorities: [] }), 400).type).toBe(ProblemType.EMAIL_ALREADY_USED);
    expectProblem(await admin.post('/api/users', { login: 'x2', email: 'x2@x.com.br', authorities: ['ROLE_GOD'] }), 400);
    expect(await count()).toBe(before);
  });

  it('updates roles and deactivates: the user can no longer sign in', async () => {
    const u = (await admin.get('/api/users/editais')).json();
    const r = await admin.put('/api/users', { ...u, authorities: ['ROLE_USER'], activated: false });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ activated: false, authorities: ['ROLE_USER'], lastModifiedBy: 'admin' });
    expectProblem(await t.client().post('/api/authenticate', { username: 'editais', password: 'editais' }), 401);
    await admin.put("/api/users", { ...(r.json() as object), activated: true });
    await t.as('editais');
  });

  it('a deactivated account cannot reactivate itself with a reset key issued before the deactivation', async () => {
    await admin.post('/api/users', { login: 'desligado', email: 'desligado@x.com.br', authorities: ['ROLE_USER'] });
    const key = /#\/reset\/([A-Za-z0-9]{20})/.exec((await t.lastMailTo('desligado@x.com.br')).textBody ?? '')![1];
    const u = (await admin.get('/api/users/desligado')).json();
    expect((await admin.put('/api/users', { ...u, activated: false })).statusCode).toBe(200);
    const chaves = await queryOne(t.db, sql`select reset_key, reset_date, activation_key from usuario where login = 'desligado'`);
    expect(chaves).toEqual({ reset_key: null, reset_date: null, activation_key: null });
    expectProblem(await t.client().post('/api/account/reset-password/finish', { key, newPassword: 'voltei-sozinho' }), 400);
    expect((await admin.get('/api/users/desligado')).json().activated).toBe(false);
    expectProblem(await t.client().post('/api/authenticate', { username: 'desligado', password: 'voltei-sozinho' }), 401);
  });

  it('finishing a reset never activates a deactivated account (a key left from before)', async () => {
    await admin.post('/api/users', { login: 'chave.antiga', email: 'antiga@x.com.br', authorities: ['ROLE_USER'] });
    const u = (await admin.get('/api/users/chave.antiga')).json();
    await admin.put('/api/users', { ...u, activated: false });
    // A key issued before this rule existed, still in the row.
    await t.db.execute(sql`update usuario set reset_key = 'ABCDEFGHIJ0123456789', reset_date = now() where login = 'chave.antiga'`);
    expectProblem(await t.client().post('/api/account/reset-password/finish', { key: 'ABCDEFGHIJ0123456789', newPassword: 'voltei-sozinho' }), 400);
    expect((await admin.get('/api/users/chave.antiga')).json().activated).toBe(false);
  });

  it('update with an email of another user → 400; nothing changed', async () => {
    const u = (await admin.get('/api/users/atendente')).json();
    expect(expectProblem(await admin.put('/api/users', { ...u, email: 'admin@cadastro.local' }), 400).type).toBe(ProblemType.EMAIL_ALREADY_USED);
    expect((await admin.get('/api/users/atendente')).json().email).toBe(u.email);
  });

  it('an admin cannot deactivate, demote or delete themselves', async () => {
    const me = (await admin.get('/api/users/admin')).json();
    expectProblem(await admin.put('/api/users', { ...me, activated: false }), 400);
    expectProblem(await admin.put('/api/users', { ...me, authorities: ['ROLE_USER'] }), 400);
    expectProblem(await admin.delete('/api/users/admin'), 400);
    expect((await admin.get('/api/users/admin')).json()).toMatchObject({ activated: true, authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
  });

  it('deletes a user; unknown login → 404', async () => {
    await admin.post('/api/users', { login: 'temporario', email: 'temp@x.com.br', authorities: ['ROLE_USER'] });
    expect((await admin.delete('/api/users/temporario')).statusCode).toBe(204);
    expectProblem(await admin.get('/api/users/temporario'), 404);
    expectProblem(await admin.delete('/api/users/temporario'), 404);
    const gone = await queryOne(t.db, sql`select principal, event_type, data from evento_auditoria where before->>'login' = 'temporario' and after is null`);
    expect(gone).toEqual({ principal: 'admin', event_type: 'ENTITY_DELETED', data: { message: AuditMessage.DELETED_BY_ADMIN } });
  });
});

describe('only ROLE_ADMIN', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/users'],
    ['GET', '/api/users/authorities'],
    ['GET', '/api/users/user'],
    ['POST', '/api/users', { login: 'z', email: 'z@z.com.br', authorities: [] }],
    ['PUT', '/api/users', { id: 1, login: 'admin', email: 'admin@cadastro.local', authorities: [], activated: false }],
    ['DELETE', '/api/users/user'],
  ];
  it.each(calls)('%s %s: 401 anonymous, 403 for user and a staff account', async (method, url, body) => {
    const before = await count();
    expectProblem(await t.client().request(method as 'GET', url, body), 401);
    expectProblem(await (await t.as('user')).request(method as 'GET', url, body), 403);
    expectProblem(await (await t.as('auditor')).request(method as 'GET', url, body), 403);
    expect(await count()).toBe(before);
  });
});
