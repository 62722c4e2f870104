import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditMessage, hojeEmMaceio } from '@cadastro/domain';
import { APP_ENV_VARIABLES } from '../../config.js';
import { health } from './health.js';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, cb) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    cb();
  },
});

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info', METRICS_TOKEN: 'scrape-token-1234567890' }, { logStream });
  admin = await t.as('admin');
});
afterAll(() => t.close());

// Maceió's yesterday and today: a file that runs across midnight there still sees the events it made
// before it (with today alone, a run at 03:00 UTC lost the sign-ins of its set-up).
const janela = () => `fromDate=${hojeEmMaceio(new Date(Date.now() - 86_400_000))}&toDate=${hojeEmMaceio()}`;

describe('GET /management/audits', () => {
  it('finds a failed sign-in with its remote address, newest first by default', async () => {
    await t.client({ remoteAddress: '10.20.30.40' }).post('/api/authenticate', { username: 'atendente', password: 'errada' });
    const r = await admin.get(`/management/audits?${janela()}&size=50`);
    expect(r.statusCode).toBe(200);
    const events = r.json() as { type: string; principal: string; data: Record<string, string>; timestamp: string }[];
    expect(Number(r.headers['x-total-count'])).toBeGreaterThanOrEqual(events.length);
    // Codes and parameters, never a sentence: the SPA words them in the user's language.
    expect(events.find((e) => e.type === 'AUTHENTICATION_FAILURE' && e.principal === 'atendente')?.data)
      .toEqual({ remoteAddress: '10.20.30.40', message: AuditMessage.BAD_CREDENTIALS });
    const times = events.map((e) => e.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('data changes carry before/after without secrets', async () => {
    await (await t.as('user')).post('/api/account', { firstName: 'Alterado', email: 'user@cadastro.local', langKey: 'pt-br' });
    const events = (await admin.get(`/management/audits?${janela()}&size=100&sort=timestamp,desc`)).json();
    const change = events.find((e: { type: string; principal: string }) => e.type === 'ENTITY_UPDATED' && e.principal === 'user');
    expect(change.after.firstName).toBe('Alterado');
    expect(change.data).toEqual({ message: AuditMessage.SETTINGS });
    expect(JSON.stringify(change)).not.toContain('$argon2');
  });

  it('sorts by principal and pages', async () => {
    const r = (await admin.get(`/management/audits?${janela()}&size=5&sort=principal,asc`)).json();
    const ps = r.map((e: { principal: string }) => e.principal);
    expect(ps).toEqual([...ps].sort());
    expect(r).toHaveLength(5);
  });

  it('a window before any event is empty; from > to → 400; bad date → 400; bad sort → 400', async () => {
    const r = await admin.get('/management/audits?fromDate=2020-01-01&toDate=2020-01-31');
    expect(r.json()).toEqual([]);
    expect(r.headers['x-total-count']).toBe('0');
    expectProblem(await admin.get('/management/audits?fromDate=2026-02-01&toDate=2026-01-01'), 400);
    expectProblem(await admin.get('/management/audits?fromDate=01/01/2026&toDate=2026-01-31'), 400);
    expectProblem(await admin.get(`/management/audits?${janela()}&sort=nope,asc`), 400);
  });
});

describe('logs', () => {
  it('a DEBUG line of a module appears only after its level is changed', async () => {
    const debugLines = () => lines.filter((l) => l.includes('authentication attempt'));
    await t.client().post('/api/authenticate', { username: 'user', password: 'user' });
    expect(debugLines()).toHaveLength(0);
    const loggers = (await admin.get('/management/logs')).json();
    expect(loggers).toContainEqual({ name: 'cadastro.conta', level: 'INFO' });
    expect((await admin.put('/management/logs', { name: 'cadastro.conta', level: 'DEBUG' })).statusCode).toBe(204);
    await t.client().post('/api/authenticate', { username: 'user', password: 'user' });
    expect(debugLines()).toHaveLength(1);
    expect((await admin.get('/management/logs')).json()).toContainEqual({ name: 'cadastro.conta', level: 'DEBUG' });
    await admin.put('/management/logs', { name: 'cadastro.conta', level: 'INFO' });
  });

  it('unknown logger → 404, unknown level → 400', async () => {
    expectProblem(await admin.put('/management/logs', { name: 'cadastro.nada', level: 'DEBUG' }), 404);
    expectProblem(await admin.put('/management/logs', { name: 'cadastro.conta', level: 'VERBOSE' }), 400);
  });
});

describe('metrics, configuration, gateway', () => {
  it('metrics are real figures of this process', async () => {
    const m = (await admin.get('/management/metrics')).json();
    expect(m.memory.heapUsed).toBeGreaterThan(0);
    expect(m.http.byStatus['200']).toBeGreaterThan(0);
    expect(m.http.endpoints.find((e: { endpoint: string }) => e.endpoint === 'POST /api/authenticate').count).toBeGreaterThan(0);
    if (m.database.driver === 'pglite') expect(m.database.pool).toEqual({ total: 1, idle: 1, waiting: 0 });
    else expect(m.database.pool.total).toBeGreaterThanOrEqual(1);
    expect(typeof m.eventLoop.utilization).toBe('number');
    expect(m.disk.free).toBeGreaterThan(0);
    expect(m.disk.total).toBeGreaterThanOrEqual(m.disk.free);
  });

  it('prometheus: scrape token or admin; anyone else 403', async () => {
    const byToken = await t.app.inject({ method: 'GET', url: '/management/prometheus', headers: { authorization: 'Bearer scrape-token-1234567890' } });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.body).toContain('http_server_requests_seconds_count');
    expect((await admin.get('/management/prometheus')).statusCode).toBe(200);
    expectProblem(await t.client().get('/management/prometheus'), 403);
    expectProblem(await (await t.as('user')).get('/management/prometheus'), 403);
    expectProblem(await t.app.inject({ method: 'GET', url: '/management/prometheus', headers: { authorization: 'Bearer wrong' } }) as never, 403);
  });

  it('configuration and environment mask secrets', async () => {
    const cfg = JSON.stringify((await admin.get('/management/configprops')).json());
    expect(cfg).toContain('"profile":"dev"');
    expect(cfg).not.toContain(t.built.ctx.config.jwtSecret!);
    expect(cfg).not.toContain('scrape-token-1234567890');
  });

  it("environment: only the application's own variables, secrets masked, nothing of the host", async () => {
    process.env.CADASTRO_TEST_PASSWORD = 'nao-mostrar';
    const body = (await admin.get('/management/env')).json() as { propertySources: { name: string; properties: Record<string, { value: string }> }[] };
    const props = Object.fromEntries(body.propertySources.flatMap((s) => Object.entries(s.properties)).map(([k, v]) => [k, v.value]));
    expect(Object.keys(props).every((k) => APP_ENV_VARIABLES.includes(k))).toBe(true);
    for (const host of ['CADASTRO_TEST_PASSWORD', 'PWD', 'PATH', 'HOME', 'HOSTNAME']) expect(props).not.toHaveProperty(host);
    expect(Object.keys(props).some((k) => k.startsWith('npm_'))).toBe(false);
    expect(props).toMatchObject({ JWT_SECRET: '******', METRICS_TOKEN: '******', LOG_LEVEL: 'info' });
    expect(JSON.stringify(body)).not.toContain('nao-mostrar');
    expect(JSON.stringify(body)).not.toContain('scrape-token-1234567890');
    delete process.env.CADASTRO_TEST_PASSWORD;
  });

  it('gateway lists the registry API and the mail port with their state', async () => {
    const routes = (await admin.get('/api/gateway/routes/')).json();
    expect(routes.map((r: { serviceId: string }) => r.serviceId)).toEqual(['cadastro-api', 'mail', 'gestor', 'infoconv', 'sca', 'redesim']);
    expect(routes[1].serviceInstances[0].instanceInfo.status).toBe('UP');
  });

  it('dump shows the event loop handles', async () => {
    const d = (await admin.get('/management/dump')).json();
    expect(d.handles.length).toBeGreaterThan(0);
    expect(d.handles.some((h: { type: string }) => h.type === 'tcp')).toBe(true);
  });
});

describe('only ROLE_ADMIN', () => {
  const urls = ['/management/audits?fromDate=2026-01-01&toDate=2026-01-02', '/management/health', '/management/metrics', '/management/dump', '/management/logs', '/management/configprops', '/management/env', '/api/gateway/routes/'];
  it.each(urls)('%s: 401 anonymous, 403 for user and a staff account', async (url) => {
    expectProblem(await t.client().get(url), 401);
    expectProblem(await (await t.as('user')).get(url), 403);
    expectProblem(await (await t.as('atendente')).get(url), 403);
  });
  it('PUT logs refused too', async () => {
    expectProblem(await (await t.as('auditor')).put('/management/logs', { name: 'cadastro', level: 'TRACE' }), 403);
  });
});

describe('health (runs last: it closes the database)', () => {
  it('UP with db, disk, mail; 503 when the database is down, with the report or (session unreadable) a problem, never 500', async () => {
    const up = await admin.get('/management/health');
    expect(up.statusCode).toBe(200);
    expect(up.json().status).toBe('UP');
    expect(Object.keys(up.json().components).sort()).toEqual(['db', 'diskSpace', 'gestor', 'infoconv', 'mail', 'ping', 'redesim', 'sca']);
    await t.built.ctx.database.close();
    // Down: 503. With the caller's session still cached (~2 s) the body is the health report; once the
    // guard must re-read the session from the closed database, a 503 problem (never a 500).
    const down = await admin.get('/management/health');
    expect(down.statusCode).toBe(503);
    const report = await health(t.built.ctx);
    expect(report.status).toBe('DOWN');
    expect(report.components.db!.status).toBe('DOWN');
    expect(report.components.diskSpace!.status).toBe('UP');
    const corpo = down.json();
    expect(corpo.components ? corpo.components.db.status : corpo.message).toBe(corpo.components ? 'DOWN' : 'error.http.503');
    await new Promise((r) => setTimeout(r, 2_100));
    const semSessao = await admin.get('/management/health');
    expect(semSessao.statusCode).toBe(503);
    expect(semSessao.headers['content-type']).toContain('application/problem+json');
    expect(semSessao.json()).toMatchObject({ status: 503, message: 'error.http.503' });
    // The public probe (no token, as an orchestrator calls it): 503 DOWN.
    const pronto = await t.client().get('/management/health/readiness');
    expect(pronto.statusCode).toBe(503);
    expect(pronto.json()).toEqual({ status: 'DOWN' });
  });
});
