import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, expectProblem, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /management/mail-sink', () => {
  it('admin reads the sink, newest first, filtered by recipient, with X-Total-Count', async () => {
    await t.client().post('/api/account/reset-password/init', { email: 'user@cadastro.local' });
    await t.client().post('/api/account/reset-password/init', { email: 'atendente@cadastro.local' });
    await t.lastMailTo('user@cadastro.local');
    await t.lastMailTo('atendente@cadastro.local');
    const admin = await t.as('admin');
    const all = await admin.get('/management/mail-sink?page=0&size=10');
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBe(2);
    expect(all.json()[0].mailTo).toBe('atendente@cadastro.local');
    const one = await admin.get('/management/mail-sink?to=user%40cadastro');
    expect(one.json()).toHaveLength(1);
    expect(one.json()[0].textBody).toContain('#/reset/');
  });

  it('refuses everyone but ROLE_ADMIN', async () => {
    expectProblem(await t.client().get('/management/mail-sink'), 401);
    expectProblem(await (await t.as('user')).get('/management/mail-sink'), 403);
    expectProblem(await (await t.as('auditor')).get('/management/mail-sink'), 403);
  });

  it('bad paging → 400', async () => {
    expectProblem(await (await t.as('admin')).get('/management/mail-sink?page=-1'), 400);
    expectProblem(await (await t.as('admin')).get('/management/mail-sink?size=1000'), 400);
  });
});
