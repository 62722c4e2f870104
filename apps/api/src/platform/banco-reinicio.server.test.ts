import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PgCluster } from '../test/pg-cluster.js';
import { startTestApp, type TestApp, type Client } from '../test/harness.js';

/**
 * The database goes away under the API (operator restart, failover, sessions killed): the process
 * stays up, answers 503 problem+json with Retry-After in the gap, never 500, and serves again by
 * itself once the database is back.
 */
let cluster: PgCluster;
let t: TestApp;
let atendente: Client;
const BUSCA = '/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/comercio/0/10';

beforeAll(async () => {
  cluster = await PgCluster.create();
  t = await startTestApp({ DATABASE_URL: cluster.url });
  atendente = await t.as('atendente');
}, 120_000);
afterAll(async () => {
  await t?.close();
  cluster?.destroy();
});

describe('PostgreSQL restarted under the API', { timeout: 120_000 }, () => {
  it('idle sessions terminated by the server: the next calls are served', async () => {
    await Promise.all([atendente.get(BUSCA), atendente.get(BUSCA), atendente.get(BUSCA)]);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 5; i++) expect((await atendente.get(BUSCA)).statusCode).toBe(200);
  });

  it('stopped → 503 + Retry-After (readiness DOWN); started again → 200 within seconds, same process', async () => {
    expect((await atendente.get(BUSCA)).statusCode).toBe(200);
    // requests running while it goes down
    const during = Array.from({ length: 10 }, (_, i) => new Promise((r) => setTimeout(r, i * 30)).then(() => atendente.get(BUSCA)));
    cluster.stop();
    for (const r of await Promise.all(during)) expect([200, 503]).toContain(r.statusCode);
    await new Promise((r) => setTimeout(r, 2_100)); // past the session cache: the token check needs the database too
    for (const url of [BUSCA, '/api/account']) {
      const r = await atendente.get(url);
      expect(r.statusCode).toBe(503);
      expect(String(r.headers['content-type'])).toMatch(/^application\/problem\+json/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ready = await t.client().get('/management/health/readiness');
    expect([ready.statusCode, ready.json().status]).toEqual([503, 'DOWN']);
    expect((await t.client().get('/management/health/liveness')).statusCode).toBe(200);

    cluster.start();
    const back = Date.now();
    let code = 0;
    while (Date.now() - back < 15_000) {
      code = (await atendente.get(BUSCA)).statusCode;
      if (code === 200) break;
      expect(code).toBe(503);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(code).toBe(200);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect((await t.client().get('/management/health/readiness')).statusCode).toBe(200);
  });
});
