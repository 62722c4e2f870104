import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { ProblemType } from '@cadastro/domain';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { eventoAuditoria, segundoFator, usuario } from '../../db/schema/index.js';

/** Issue #41 §3: a staff account's password never yields a session alone. */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '4' });
  admin = await t.as('admin');
});
afterAll(() => t.close());

const keyOf = async (email: string) => /#\/reset\/([A-Za-z0-9]{20})/.exec((await t.lastMailTo(email)).textBody ?? '')![1]!;
const CLERK = ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI'];

/** A fresh account with password `<login>-senha`, created through the administrator's screen. */
async function criar(login: string, authorities = CLERK) {
  expect((await admin.post('/api/users', { login, email: `${login}@x.com.br`, authorities })).statusCode).toBe(201);
  expect((await t.client().post('/api/account/reset-password/finish', { key: await keyOf(`${login}@x.com.br`), newPassword: `${login}-senha` })).statusCode).toBe(200);
}
const senha = (c: Client, login: string) => c.post('/api/authenticate', { username: login, password: `${login}-senha` });
const desafioDe = (r: { json: () => unknown }) => (r.json() as { desafio: string }).desafio;
/** The code of the step after the current one: accepted now (one step of drift), and later than any step taken now. */
const proximo = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Enrols the account as the enrolment screen does; returns its secret and recovery codes. */
async function inscrever(login: string) {
  const c = t.client();
  const r = await senha(c, login);
  const p = expectProblem(r, 401);
  expect(p.type).toBe(ProblemType.SEGUNDO_FATOR_INSCRICAO);
  const desafio = desafioDe(r);
  const ins = await c.post('/api/authenticate/segundo-fator/inscricao/inicio', { desafio });
  expect(ins.statusCode).toBe(200);
  const { segredo, otpauthUri, qrCode } = ins.json<{ segredo: string; otpauthUri: string; qrCode: string }>();
  expect(otpauthUri).toContain(`secret=${segredo}`);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const ok = await c.post('/api/authenticate/segundo-fator/inscricao', { desafio, codigo: await generate({ secret: segredo }) });
  expect(ok.statusCode, ok.body).toBe(200);
  const { id_token, codigosRecuperacao } = ok.json<{ id_token: string; codigosRecuperacao: string[] }>();
  return { segredo, token: id_token, codigos: codigosRecuperacao };
}

describe('a staff account signing in with its password', () => {
  it('without enrolment gets no session: 401 with the enrolment challenge, which is no bearer token', async () => {
    await criar('sf.novo');
    const r = await senha(t.client(), 'sf.novo');
    const p = expectProblem(r, 401);
    expect(p).toMatchObject({ type: ProblemType.SEGUNDO_FATOR_INSCRICAO, message: 'error.segundoFator.inscricao' });
    expect(r.headers.authorization).toBeUndefined();
    const c = t.client();
    c.token = desafioDe(r);
    expectProblem(await c.get('/api/account'), 401);
    // Nor does the code step take an enrolment challenge.
    expectProblem(await t.client().post('/api/authenticate/segundo-fator', { desafio: desafioDe(r), codigo: '123456' }), 401);
  });

  it('enrols (QR, secret, first code → session and 10 recovery codes); the secret is stored sealed and never shown again', async () => {
    await criar('sf.inscreve');
    const { segredo, token, codigos } = await inscrever('sf.inscreve');
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    const c = t.client();
    c.token = token;
    expect((await c.get('/api/account')).json()).toMatchObject({ login: 'sf.inscreve' });
    const [u] = await t.db.select().from(usuario).where(eq(usuario.login, 'sf.inscreve'));
    const [f] = await t.db.select().from(segundoFator).where(eq(segundoFator.usuarioId, u!.id));
    expect(f!.confirmadoEm).not.toBeNull();
    expect(f!.segredoCifrado).not.toContain(segredo);
    expect(JSON.stringify((await admin.get('/api/users/sf.inscreve')).json())).not.toContain(segredo);
    // Enrolled: the password now asks for the code, and an enrolment cannot be started again.
    const r = await senha(t.client(), 'sf.inscreve');
    expect(expectProblem(r, 401).type).toBe(ProblemType.SEGUNDO_FATOR_NECESSARIO);
    expectProblem(await t.client().post('/api/authenticate/segundo-fator/inscricao/inicio', { desafio: desafioDe(r) }), 401);
  });

  it('signs in with the code; the same code again is refused (one use per step); a wrong code is refused and audited', async () => {
    await criar('sf.codigo');
    const { segredo } = await inscrever('sf.codigo');
    const codigo = await proximo(segredo);
    const d1 = desafioDe(await senha(t.client(), 'sf.codigo'));
    const ok = await t.client().post('/api/authenticate/segundo-fator', { desafio: d1, codigo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.authorization).toBe(`Bearer ${ok.json().id_token}`);
    const d2 = desafioDe(await senha(t.client(), 'sf.codigo'));
    expect(expectProblem(await t.client().post('/api/authenticate/segundo-fator', { desafio: d2, codigo }), 401).message).toBe('error.segundoFator.codigo');
    const errado = String((Number(codigo) + 1) % 1_000_000).padStart(6, '0');
    expectProblem(await t.client().post('/api/authenticate/segundo-fator', { desafio: d2, codigo: errado }), 401);
    const ev = await t.db.select().from(eventoAuditoria).where(eq(eventoAuditoria.principal, 'sf.codigo'));
    expect(ev.filter((e) => e.data.message === 'BAD_SECOND_FACTOR')).toHaveLength(2);
    expect(ev.some((e) => e.eventType === 'SECOND_FACTOR' && e.data.message === 'SECOND_FACTOR_REQUIRED')).toBe(true);
  });

  it('a recovery code works once', async () => {
    await criar('sf.recupera');
    const { codigos } = await inscrever('sf.recupera');
    const d = desafioDe(await senha(t.client(), 'sf.recupera'));
    const ok = await t.client().post('/api/authenticate/segundo-fator', { desafio: d, codigo: codigos[3]!.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expectProblem(await t.client().post('/api/authenticate/segundo-fator', { desafio: d, codigo: codigos[3] }), 401);
    expect((await t.client().post('/api/authenticate/segundo-fator', { desafio: d, codigo: codigos[4] })).statusCode).toBe(200);
  });

  it('code guesses are limited per account: past the limit 429, even for the right code', async () => {
    await criar('sf.limite');
    const { segredo } = await inscrever('sf.limite');
    const d = desafioDe(await senha(t.client(), 'sf.limite'));
    for (let i = 0; i < 4; i++) expectProblem(await t.client({ remoteAddress: `10.41.0.${i}` }).post('/api/authenticate/segundo-fator', { desafio: d, codigo: '000000' }), 401);
    const r = await t.client().post('/api/authenticate/segundo-fator', { desafio: d, codigo: await proximo(segredo) });
    expectProblem(r, 429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a forged or tampered challenge is refused; bad input is a 400 problem', async () => {
    const c = t.client();
    expectProblem(await c.post('/api/authenticate/segundo-fator', { desafio: 'x.y.z', codigo: '123456' }), 401);
    await criar('sf.forjado');
    const d = desafioDe(await senha(t.client(), 'sf.forjado'));
    const [h, p, s] = d.split('.');
    const outro = JSON.parse(Buffer.from(p!, 'base64url').toString());
    outro.sub = '1';
    expectProblem(await c.post('/api/authenticate/segundo-fator/inscricao/inicio', { desafio: `${h}.${Buffer.from(JSON.stringify(outro)).toString('base64url')}.${s}` }), 401);
    expect(expectProblem(await c.post('/api/authenticate/segundo-fator', { desafio: d, codigo: 'abc' }), 400).fieldErrors?.[0]?.field).toBe('codigo');
  });
});

describe('the administrator resets a second factor', () => {
  it('audited with who; the user\'s sessions end and the next sign-in enrols again; other roles are refused', async () => {
    await criar('sf.perdeu');
    const { token } = await inscrever('sf.perdeu');
    expectProblem(await (await t.as('atendente')).delete('/api/users/sf.perdeu/segundo-fator'), 403);
    const r = await admin.delete('/api/users/sf.perdeu/segundo-fator');
    expect(r.statusCode).toBe(204);
    const c = t.client();
    c.token = token;
    expectProblem(await c.get('/api/account'), 401);
    expect(expectProblem(await senha(t.client(), 'sf.perdeu'), 401).type).toBe(ProblemType.SEGUNDO_FATOR_INSCRICAO);
    const ev = await t.db.select().from(eventoAuditoria).where(and(eq(eventoAuditoria.principal, 'admin'), eq(eventoAuditoria.eventType, 'SECOND_FACTOR')));
    expect(ev.map((e) => ({ login: e.data.login, message: e.data.message }))).toEqual([{ login: 'sf.perdeu', message: 'SECOND_FACTOR_RESET' }]);
    expect(ev[0]!.eventDate).toBeTruthy();
    expectProblem(await admin.delete('/api/users/ninguem/segundo-fator'), 404);
  });
});

describe('who needs it', () => {
  it('self-service accounts (taxpayer, accountant) and the demo accounts in dev sign in with the password alone', async () => {
    await criar('sf.contribuinte', ['ROLE_USER', 'ROLE_CAD_MEU_CADASTRO']);
    await criar('sf.contador', ['ROLE_USER', 'ROLE_MAN_MANIFESTACAO']);
    expect((await senha(t.client(), 'sf.contribuinte')).statusCode).toBe(200);
    expect((await senha(t.client(), 'sf.contador')).statusCode).toBe(200);
    expect((await t.client().post('/api/authenticate', { username: 'auditor', password: 'auditor' })).statusCode).toBe(200);
  });

  it('with MFA_DEMO_EXEMPT=off the demo administrator must enrol too', async () => {
    const t2 = await startTestApp({ MFA_DEMO_EXEMPT: 'off' });
    try {
      const r = await t2.client().post('/api/authenticate', { username: 'admin', password: 'admin' });
      expect(expectProblem(r, 401).type).toBe(ProblemType.SEGUNDO_FATOR_INSCRICAO);
    } finally {
      await t2.close();
    }
  });
});
