import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { usuario } from '../../db/schema/index.js';

/** What an administrator takes back, and a sign-out, count from the next call. */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.as('admin');
});
afterAll(() => t.close());

const keyOf = async (email: string) => /#\/reset\/([A-Za-z0-9]{20})/.exec((await t.lastMailTo(email)).textBody ?? '')![1]!;

/** A fresh account with a known password, created through the administrator's screen. */
async function criar(login: string, authorities: string[]): Promise<Client> {
  const r = await admin.post('/api/users', { login, email: `${login}@x.com.br`, authorities });
  expect(r.statusCode).toBe(201);
  expect((await t.client().post('/api/account/reset-password/finish', { key: await keyOf(`${login}@x.com.br`), newPassword: `${login}-senha` })).statusCode).toBe(200);
  return t.as(login, `${login}-senha`);
}
const user = async (login: string) => (await admin.get(`/api/users/${login}`)).json() as Record<string, unknown>;

describe('a token stops working on the next call when', () => {
  it('its user signs out (only that token: another session of the same user goes on)', async () => {
    const a = await t.as('atendente');
    const b = await t.as('atendente');
    expect((await a.get('/api/account')).statusCode).toBe(200);
    expect((await a.post('/api/logout')).statusCode).toBe(204);
    expectProblem(await a.get('/api/account'), 401);
    expectProblem(await a.get('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/comercio/0/10'), 401);
    expect((await b.get('/api/account')).statusCode).toBe(200);
  });

  it('the user is deactivated (and reactivating does not bring the old token back)', async () => {
    const c = await criar('desativado', ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI']);
    expect((await c.get('/api/account')).statusCode).toBe(200);
    const r = await admin.put('/api/users', { ...(await user('desativado')), activated: false });
    expect(r.statusCode).toBe(200);
    expectProblem(await c.get('/api/account'), 401);
    expect((await admin.put('/api/users', { ...(await user('desativado')), activated: true })).statusCode).toBe(200);
    expectProblem(await c.get('/api/account'), 401);
  });

  it('the user is deleted, and a new user created with the same login does not inherit the token', async () => {
    const old = await criar('rotativo', ['ROLE_USER', 'ROLE_ADMIN']);
    expect((await old.get('/api/users/admin')).statusCode).toBe(200);
    expect((await admin.delete('/api/users/rotativo')).statusCode).toBe(204);
    expectProblem(await old.get('/api/account'), 401);
    const novo = await criar('rotativo', ['ROLE_USER']);
    expectProblem(await old.get('/api/account'), 401);
    expectProblem(await old.post('/api/account', { email: 'ladrao@x.com.br', langKey: 'pt-br' }), 401);
    expect((await novo.get('/api/account')).json()).toMatchObject({ login: 'rotativo', email: 'rotativo@x.com.br' });
  });

  it('a role is taken away: refused (403) on the next call; a role given works at once', async () => {
    const c = await criar('papeis', ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI']);
    const busca = '/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/comercio/0/10';
    expect((await c.get(busca)).statusCode).toBe(200);
    await admin.put('/api/users', { ...(await user('papeis')), authorities: ['ROLE_USER'] });
    expectProblem(await c.get(busca), 403);
    expect((await c.get('/api/account')).json().authorities).toEqual(['ROLE_USER']);
    await admin.put('/api/users', { ...(await user('papeis')), authorities: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect((await c.get('/api/users/admin')).statusCode).toBe(200);
  });

  it('the password changes: every other session ends, the one that changed it gets a new token', async () => {
    const c = await criar('senhas', ['ROLE_USER']);
    const other = await t.as('senhas', 'senhas-senha');
    const r = await c.post('/api/account/change-password', { currentPassword: 'senhas-senha', newPassword: 'nova-senha' });
    expect(r.statusCode).toBe(200);
    expectProblem(await other.get('/api/account'), 401);
    expectProblem(await c.get('/api/account'), 401);
    c.token = r.json().id_token;
    expect((await c.get('/api/account')).statusCode).toBe(200);
  });

  it('the password is reset through the mailed link', async () => {
    const c = await criar('redefinir', ['ROLE_USER']);
    await t.client({ remoteAddress: '10.66.0.1' }).post('/api/account/reset-password/init', { email: 'redefinir@x.com.br' });
    // the request is served after the answer: wait for its key
    for (let i = 0; i < 50 && !(await t.db.select().from(usuario).where(eq(usuario.login, 'redefinir')))[0]!.resetKey; i++) await new Promise((r) => setTimeout(r, 100));
    const key = (await t.db.select().from(usuario).where(eq(usuario.login, 'redefinir')))[0]!.resetKey!;
    expect((await t.client().post('/api/account/reset-password/finish', { key, newPassword: 'outra-senha' })).statusCode).toBe(200);
    expectProblem(await c.get('/api/account'), 401);
  });
});

describe('administrator edits are version-checked', () => {
  it('a stale form → 409 and nothing written (no roles restored that another admin removed)', async () => {
    await criar('disputado', ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI', 'ROLE_CAD_CON_PESSOA']);
    const form = await user('disputado');
    const first = await admin.put('/api/users', { ...form, authorities: ['ROLE_USER'] });
    expect(first.statusCode).toBe(200);
    const stale = await admin.put('/api/users', { ...form, firstName: 'Outro' });
    expect(expectProblem(stale, 409).message).toBe('error.concurrencyFailure');
    expect(await user('disputado')).toMatchObject({ authorities: ['ROLE_USER'], firstName: null });
  });

  it('a form without the version → 400', async () => {
    const { version: _v, ...semVersao } = await user('admin');
    expectProblem(await admin.put('/api/users', semVersao), 400);
  });
});

describe('concurrent registrations of one login', () => {
  it('one account; every answer 201 (a taken login is not told apart) or 409 for a true tie, never 500', async () => {
    const calls = Array.from({ length: 6 }, (_, i) =>
      t.client({ remoteAddress: `10.77.0.${i}` }).post('/api/register', { login: 'corrida', email: `corrida${i}@x.com.br`, password: 'segredo1' }),
    );
    const codes = (await Promise.all(calls)).map((r) => r.statusCode).sort();
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    expect(await t.db.select().from(usuario).where(eq(usuario.login, 'corrida'))).toHaveLength(1);
  });
});

describe('accounts never activated', () => {
  it('give their login and e-mail back once the activation key expired', async () => {
    const c = t.client({ remoteAddress: '10.78.0.1' });
    expect((await c.post('/api/register', { login: 'esquecido', email: 'esquecido@x.com.br', password: 'segredo1' })).statusCode).toBe(201);
    // Taken (the same answer; the asker is told by mail to choose another), until the key expires.
    expect((await c.post('/api/register', { login: 'esquecido', email: 'outro@x.com.br', password: 'segredo1' })).statusCode).toBe(201);
    expect((await t.lastMailTo('outro@x.com.br')).textBody).toContain('/#/register');
    expect(await t.db.select().from(usuario).where(eq(usuario.email, 'outro@x.com.br'))).toHaveLength(0);
    await t.db.update(usuario).set({ createdDate: new Date(Date.now() - 25 * 3600_000).toISOString() }).where(eq(usuario.login, 'esquecido'));
    expect((await c.post('/api/register', { login: 'esquecido', email: 'esquecido@x.com.br', password: 'segredo2' })).statusCode).toBe(201);
    const [u] = await t.db.select().from(usuario).where(eq(usuario.login, 'esquecido'));
    expect(new Date(u!.createdDate).getTime()).toBeGreaterThan(Date.now() - 3600_000);
  });
});
