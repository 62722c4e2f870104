import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AuditMessage, ProblemType, SystemActor } from '@cadastro/domain';
import { startTestApp, expectProblem, type TestApp } from '../../test/harness.js';
import { eventoAuditoria, mensagemCorreio, usuario } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(usuario))[0]!.n;
const keyFrom = (text: string | null, route: string) => new RegExp(`#/${route}/([A-Za-z0-9]{20})`).exec(text ?? '')?.[1];

describe('register → mail → activate → sign in', () => {
  it('walks the whole path through the SMTP sink', async () => {
    const c = t.client();
    const r = await c.post('/api/register', { login: 'Maria.Silva', email: 'Maria@Exemplo.com.br', password: 'segredo1', langKey: 'pt-br' });
    expect(r.statusCode).toBe(201);
    // not activated yet
    expectProblem(await c.post('/api/authenticate', { username: 'maria.silva', password: 'segredo1' }), 401);
    const mail = await t.lastMailTo('maria@exemplo.com.br');
    expect(mail.subject).toBe('Cadastro SEFAZ-AL: ativação da conta');
    const key = keyFrom(mail.textBody, 'activate');
    expect(key).toBeDefined();
    expect((await c.get(`/api/activate?key=${key}`)).statusCode).toBe(200);
    const signed = await t.as('maria.silva', 'segredo1');
    const acc = (await signed.get('/api/account')).json();
    expect(acc).toMatchObject({ login: 'maria.silva', email: 'maria@exemplo.com.br', authorities: ['ROLE_USER'] });
    // the key is single-use
    expectProblem(await c.get(`/api/activate?key=${key}`), 400);
    // The trail holds codes the SPA words ('autorregistro', 'Cadastro'), never a sentence.
    const [u] = await t.db.select().from(usuario).where(eq(usuario.login, 'maria.silva'));
    expect(u!.createdBy).toBe(SystemActor.ANONYMOUS);
    const trail = await t.db.select().from(eventoAuditoria).where(eq(eventoAuditoria.entityId, String(u!.id))).orderBy(eventoAuditoria.id);
    expect(trail.map((e) => [e.principal, e.data])).toEqual([
      [SystemActor.ANONYMOUS, { message: AuditMessage.REGISTRATION }],
      ['maria.silva', { message: AuditMessage.ACTIVATION }],
    ]);
  });

  it('a taken login or e-mail gets the very answer a new one gets; nothing written; the mail tells the mailbox owner', async () => {
    const before = await userCount();
    const novo = await t.client({ remoteAddress: '10.7.0.1' }).post('/api/register', { login: 'inedito', email: 'inedito@x.com.br', password: 'abcd' });
    const login = await t.client({ remoteAddress: '10.7.0.2' }).post('/api/register', { login: 'ADMIN', email: 'novo@x.com.br', password: 'abcd' });
    const email = await t.client({ remoteAddress: '10.7.0.3' }).post('/api/register', { login: 'novo', email: 'Contribuinte@Cadastro.local', password: 'abcd' });
    const ambos = await t.client({ remoteAddress: '10.7.0.4' }).post('/api/register', { login: 'apoio-contador', email: 'apoio-contador@cadastro.local', password: 'abcd' });
    for (const r of [login, email, ambos]) expect([r.statusCode, r.body, r.headers['content-type']]).toEqual([novo.statusCode, novo.body, novo.headers['content-type']]);
    expect(await userCount()).toBe(before + 1);
    // The owner of the taken e-mail hears of it (and how to get back in), with no activation link.
    const dono = await t.lastMailTo('contribuinte@cadastro.local');
    expect(dono.textBody).toContain('contribuinte');
    expect(dono.textBody).toContain('/#/reset/request');
    expect(dono.textBody).not.toContain('/#/activate/');
    // Whoever asked for a taken login is told at their own (new) address: choose another.
    const pedido = await t.lastMailTo('novo@x.com.br');
    expect(pedido.textBody).toContain('/#/register');
    expect(pedido.textBody).not.toContain('/#/activate/');
    expect((await t.db.select().from(usuario).where(eq(usuario.email, 'novo@x.com.br')))).toHaveLength(0);
  });

  it('a gov.br login (govbr- and a CPF) is taken for whoever registers it: a CPF\'s first gov.br sign-in would find it gone', async () => {
    const before = await userCount();
    const r = await t.client({ remoteAddress: '10.7.0.5' }).post('/api/register', { login: 'GovBr-52998224725', email: 'posseiro@x.com.br', password: 'abcd' });
    expect(r.statusCode).toBe(201);
    expect(await userCount()).toBe(before);
    expect((await t.lastMailTo('posseiro@x.com.br')).textBody).toContain('/#/register');
    // Nor through user management.
    const admin = await t.as('admin');
    const p = expectProblem(await admin.post('/api/users', { login: 'govbr-52998224725', email: 'posseiro2@x.com.br', firstName: 'Posseiro', authorities: ['ROLE_USER'] }), 400);
    expect(p.message).toBe('error.userexists');
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ login: 'ok', email: 'ok@x.com.br', password: 'abc' }, 'password', 'minlength:4'],
    [{ login: 'ok', email: 'ok@x.com.br', password: 'x'.repeat(51) }, 'password', 'maxlength:50'],
    [{ login: 'com espaço', email: 'ok@x.com.br', password: 'abcd' }, 'login', 'pattern'],
    [{ login: 'l'.repeat(51), email: 'ok@x.com.br', password: 'abcd' }, 'login', 'maxlength:50'],
    [{ login: 'ok', email: 'a@b', password: 'abcd' }, 'email', 'minlength:5'],
    [{ login: 'ok', email: 'nao-e-email', password: 'abcd' }, 'email', 'email'],
    [{ login: 'ok', email: `${'e'.repeat(95)}@x.com`, password: 'abcd' }, 'email', 'maxlength:100'],
  ])('bad input %j → 400 fieldError on %s (%s)', async (body, field, message) => {
    const before = await userCount();
    const p = expectProblem(await t.client().post('/api/register', body), 400);
    expect(p.fieldErrors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await userCount()).toBe(before);
  });

  it('unknown activation key → 400', async () => {
    expectProblem(await t.client().get('/api/activate?key=AAAAAAAAAAAAAAAAAAAA'), 400);
    expectProblem(await t.client().get('/api/activate'), 400);
  });
});

describe('settings and password change', () => {
  it('saves own settings and refuses an email used by someone else', async () => {
    const c = await t.as('user');
    const ok = await c.post('/api/account', { firstName: 'João', lastName: 'Souza', email: 'user@cadastro.local', langKey: 'en' });
    expect(ok.statusCode).toBe(200);
    expect((await c.get('/api/account')).json()).toMatchObject({ firstName: 'João', langKey: 'en' });
    const p = expectProblem(await c.post('/api/account', { firstName: 'X', lastName: 'Y', email: 'admin@cadastro.local', langKey: 'en' }), 400);
    expect(p.type).toBe(ProblemType.EMAIL_ALREADY_USED);
    expect((await c.get('/api/account')).json().firstName).toBe('João');
  });

  it('changes the password only with the current one', async () => {
    const c = await t.as('contribuinte');
    const p = expectProblem(await c.post('/api/account/change-password', { currentPassword: 'errada', newPassword: 'nova-senha' }), 400);
    expect(p.type).toBe(ProblemType.INVALID_PASSWORD);
    expectProblem(await c.post('/api/account/change-password', { currentPassword: 'contribuinte', newPassword: 'abc' }), 400);
    expect((await c.post('/api/account/change-password', { currentPassword: 'contribuinte', newPassword: 'nova-senha' })).statusCode).toBe(200);
    await t.as('contribuinte', 'nova-senha');
    expectProblem(await t.client().post('/api/authenticate', { username: 'contribuinte', password: 'contribuinte' }), 401);
  });

  it('wrong current passwords are counted like sign-in failures: over the limit 429, even with the right one; nothing changed', async () => {
    const c = await t.as('apoio-contador');
    const limite = t.built.ctx.config.login.maxFailuresPerAccount;
    for (let i = 0; i < limite; i++) {
      expectProblem(await c.post('/api/account/change-password', { currentPassword: `errada-${i}`, newPassword: 'nova-senha' }), 400);
    }
    const r = await c.post('/api/account/change-password', { currentPassword: 'apoio-contador', newPassword: 'nova-senha' });
    expectProblem(r, 429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // The same count guards sign-in: the guesses cannot go on there either.
    expectProblem(await t.client({ remoteAddress: '10.8.0.1' }).post('/api/authenticate', { username: 'apoio-contador', password: 'apoio-contador' }), 429);
    const u = await t.db.select().from(usuario).where(eq(usuario.login, 'apoio-contador'));
    expect(u[0]!.lastModifiedBy).not.toBe('apoio-contador');
  });

  it('a right current password clears the count, as a sign-in does', async () => {
    const c = await t.as('auditor');
    for (let i = 0; i < t.built.ctx.config.login.maxFailuresPerAccount - 1; i++) {
      expectProblem(await c.post('/api/account/change-password', { currentPassword: 'errada', newPassword: 'nova-senha' }), 400);
    }
    expect((await c.post('/api/account/change-password', { currentPassword: 'auditor', newPassword: 'auditor-2' })).statusCode).toBe(200);
    await t.as('auditor', 'auditor-2');
  });

  it('settings need a signed-in user', async () => {
    expectProblem(await t.client().post('/api/account', { email: 'a@b.com.br', langKey: 'en' }), 401);
    expectProblem(await t.client().post('/api/account/change-password', { currentPassword: 'a', newPassword: 'abcd' }), 401);
  });
});

describe('password reset', () => {
  it('init mails a key; finish sets the password; the key is single-use', async () => {
    const c = t.client();
    expect((await c.post('/api/account/reset-password/init', 'atendente@cadastro.local')).statusCode).toBe(200);
    const mail = await t.lastMailTo('atendente@cadastro.local');
    const key = keyFrom(mail.textBody, 'reset')!;
    expect(key).toBeDefined();
    expectProblem(await c.post('/api/account/reset-password/finish', { key, newPassword: 'abc' }), 400);
    expect((await c.post('/api/account/reset-password/finish', { key, newPassword: 'redefinida' })).statusCode).toBe(200);
    await t.as('atendente', 'redefinida');
    expectProblem(await c.post('/api/account/reset-password/finish', { key, newPassword: 'outra-senha' }), 400);
  });

  it('a key older than 24 hours is refused', async () => {
    const c = t.client();
    await c.post('/api/account/reset-password/init', { email: 'editais@cadastro.local' });
    const key = keyFrom((await t.lastMailTo('editais@cadastro.local')).textBody, 'reset')!;
    await t.db.update(usuario).set({ resetDate: new Date(Date.now() - 25 * 3600_000).toISOString() }).where(eq(usuario.login, 'editais'));
    expectProblem(await c.post('/api/account/reset-password/finish', { key, newPassword: 'qualquer' }), 400);
  });

  it('an unknown email gets the same answer as a registered one (no account enumeration), and no mail', async () => {
    const known = await t.client({ remoteAddress: '10.5.0.1' }).post('/api/account/reset-password/init', { email: 'user@cadastro.local' });
    const unknown = await t.client({ remoteAddress: '10.5.0.2' }).post('/api/account/reset-password/init', { email: 'ninguem@x.com.br' });
    expect([unknown.statusCode, unknown.body, unknown.headers['content-type']]).toEqual([known.statusCode, known.body, known.headers['content-type']]);
    await t.lastMailTo('user@cadastro.local');
    const mails = await t.db.select().from(mensagemCorreio).where(eq(mensagemCorreio.mailTo, 'ninguem@x.com.br'));
    expect(mails).toHaveLength(0);
  });

  it('a second request for the same address within minutes sends no second mail', async () => {
    const c = t.client({ remoteAddress: '10.5.0.3' });
    await c.post('/api/account/reset-password/init', { email: 'admin@cadastro.local' });
    const first = await t.lastMailTo('admin@cadastro.local');
    await c.post('/api/account/reset-password/init', { email: 'admin@cadastro.local' });
    await new Promise((r) => setTimeout(r, 500));
    expect((await t.lastMailTo('admin@cadastro.local')).id).toBe(first.id);
  });

  it('requests that send mail are limited per address: 429 with Retry-After', async () => {
    const c = t.client({ remoteAddress: '10.5.0.9' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await c.post('/api/account/reset-password/init', { email: `x${i}@x.com.br` })).statusCode);
    expect(codes.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    // registration has its own budget per address (counted before the body is read)
    for (let i = 0; i < 10; i++) expectProblem(await c.post('/api/register', { login: 'x' }), 400);
    const r = await c.post('/api/register', { login: 'limitado', email: 'limitado@x.com.br', password: 'secret1' });
    expectProblem(r, 429);
    expect(r.headers['retry-after']).toBeDefined();
  });
});

describe('mailed keys are throttled like sign-in (issue #39 §11: activate and reset-password/finish were not)', () => {
  const activate = (c: ReturnType<TestApp['client']>, key: string) => c.get(`/api/activate?key=${key}`);
  const finish = (c: ReturnType<TestApp['client']>, key: string) => c.post('/api/account/reset-password/finish', { key, newPassword: 'segredo-novo' });
  const rotas = [['activate', activate], ['reset-password/finish', finish]] as const;

  it.each(rotas)('%s: guesses from one address → 429 with Retry-After after the sign-in limit (20); another address still gets an answer', async (_nome, chamar) => {
    const ip = `10.7.${_nome.length}.1`;
    const c = t.client({ remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await chamar(c, `CHUTE${String(i).padStart(15, '0')}`)).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(400));
    const r = await chamar(c, 'CHUTE999999999999999');
    expectProblem(r, 429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expectProblem(await chamar(t.client({ remoteAddress: `10.7.${_nome.length}.2` }), 'OUTRO000000000000000'), 400);
  });

  it.each(rotas)('%s: one key tried from many addresses → 429 after the per-account limit (5)', async (_nome, chamar) => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await chamar(t.client({ remoteAddress: `10.8.${_nome.length}.${i + 1}` }), 'MESMACHAVE0000000000')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
