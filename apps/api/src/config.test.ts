import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeConfig, describeEnv, loadConfig } from './config.js';

describe('configuration by environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, profile: 'dev', apiDocs: true, smtpUrl: undefined });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(loadConfig({ DATA_DIR: 'x', INIT_CWD: '/srv/cad' }).dataDir).toBe('/srv/cad/x');
    // PDF threads: unset → the platform's default (per core); the waiting line is bounded.
    expect(c.pdf).toEqual({ workers: undefined, queue: 32, publicQueue: 4 });
    // Slow clients are let go: headers within 15 s, the whole request within 30 s.
    expect(c.http).toEqual({ headersTimeoutMs: 15_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 });
    expect(c.reportIdleTimeoutSeconds).toBe(60);
    // API docs: on in dev, off in prod unless asked for.
    expect(loadConfig({ APP_PROFILE: 'prod' }).apiDocs).toBe(false);
    expect(loadConfig({ APP_PROFILE: 'prod', API_DOCS: 'on' }).apiDocs).toBe(true);
  });
  it('reads every variable', () => {
    const c = loadConfig({ PORT: '9090', DATABASE_URL: 'postgres://u:p@db:5432/cad', APP_PROFILE: 'prod', API_DOCS: 'off', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(40) });
    expect(c).toMatchObject({ port: 9090, profile: 'prod', apiDocs: false, smtpUrl: 'smtp://mail:25' });
    expect(loadConfig({ PDF_WORKERS: '0', PDF_QUEUE: '5', PDF_PUBLIC_QUEUE: '2' }).pdf).toEqual({ workers: 0, queue: 5, publicQueue: 2 });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '8000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000' }).http).toEqual({ headersTimeoutMs: 5000, requestTimeoutMs: 8000, keepAliveTimeoutMs: 65_000 });
  });
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_PROFILE: 'staging' })).toThrow(/APP_PROFILE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PDF_WORKERS: '-1' })).toThrow(/PDF_WORKERS/);
    expect(() => loadConfig({ PDF_QUEUE: '0' })).toThrow(/PDF_QUEUE/);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
  it('read replicas: comma-separated postgres URLs, only with a primary (DATABASE_URL), never shown with their passwords', () => {
    expect(loadConfig({}).databaseReplicas).toEqual({ urls: [], maxLagMs: 5_000 });
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@db1/cad', DATABASE_REPLICA_URLS: ' postgres://u:segredo@db2/cad, postgresql://u:segredo@db3:5433/cad ', DATABASE_REPLICA_MAX_LAG_MS: '2000' });
    expect(c.databaseReplicas).toEqual({ urls: ['postgres://u:segredo@db2/cad', 'postgresql://u:segredo@db3:5433/cad'], maxLagMs: 2_000 });
    expect(JSON.stringify(describeConfig(c))).not.toContain('segredo');
    expect(c.environment.DATABASE_REPLICA_URLS).toBe('postgres://u:******@db2/cad,postgresql://u:******@db3:5433/cad');
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://u@db2/cad' })).toThrow(/DATABASE_REPLICA_URLS: replicas need DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db1/cad', DATABASE_REPLICA_URLS: 'db2:5432' })).toThrow(/DATABASE_REPLICA_URLS/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db1/cad', DATABASE_REPLICA_MAX_LAG_MS: '10' })).toThrow(/DATABASE_REPLICA_MAX_LAG_MS/);
  });
  it('second factor (issue #41 §3): the demo accounts skip it in dev only; its key is a secret', () => {
    expect(loadConfig({}).mfa).toEqual({ demoExempt: true, secretKey: undefined });
    expect(loadConfig({ MFA_DEMO_EXEMPT: 'off' }).mfa.demoExempt).toBe(false);
    expect(loadConfig({ APP_PROFILE: 'prod' }).mfa.demoExempt).toBe(false);
    expect(() => loadConfig({ APP_PROFILE: 'prod', MFA_DEMO_EXEMPT: 'on' })).toThrow(/MFA_DEMO_EXEMPT: prod has no demo accounts/);
    expect(() => loadConfig({ MFA_SECRET_KEY: 'curta' })).toThrow(/MFA_SECRET_KEY/);
    const k = 'k'.repeat(40);
    expect(JSON.stringify(describeConfig(loadConfig({ MFA_SECRET_KEY: k })))).not.toContain(k);
    expect(describeEnv({ MFA_SECRET_KEY: k }).MFA_SECRET_KEY).toBe('******');
  });
  it('listens on loopback unless HOST says otherwise while demo accounts exist (dev); on every interface in prod', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ APP_PROFILE: 'prod' }).host).toBe('0.0.0.0');
  });
  it('a refused configuration stops the start with one line, no stack trace (a short ADMIN_PASSWORD among them)', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, APP_PROFILE: 'prod', ADMIN_PASSWORD: 'curta', DATA_DIR: '/nonexistent-not-used' }, encoding: 'utf8', timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ADMIN_PASSWORD must have at least 12 characters');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
  it('never shows secrets', () => {
    const shown = JSON.stringify(describeConfig(loadConfig({ DATABASE_URL: 'postgres://u:segredo@db/cad', JWT_SECRET: 'y'.repeat(40), SMTP_URL: 'smtp://a:senha@mail:25' })));
    expect(shown).not.toContain('segredo');
    expect(shown).not.toContain('y'.repeat(40));
    expect(shown).not.toContain('senha');
    expect(JSON.stringify(describeConfig(loadConfig({ APP_PROFILE: 'prod', ADMIN_PASSWORD: 'primeira-senha-forte' })))).not.toContain('primeira-senha-forte');
  });
  it("describes only the application's variables, secrets and URL passwords masked", () => {
    const shown = describeEnv({
      PWD: '/srv/cadastro', HOSTNAME: 'cadastro-7f9c', npm_config_cache: '/root/.npm', PATH: '/usr/bin', DB_PASSWORD: 'x',
      PORT: '9090', JWT_SECRET: 'z'.repeat(40), ADMIN_PASSWORD: 'primeira-senha-forte', METRICS_TOKEN: 'm'.repeat(20),
      DATABASE_URL: 'postgres://cad:segredo@db:5432/cad', GESTOR_URL: 'https://gestor.local/api?token=abc123', PUBLIC_URL: 'https://cadastro.al.gov.br', MAX_IN_FLIGHT: '',
    });
    expect(shown).toEqual({
      PORT: '9090', JWT_SECRET: '******', ADMIN_PASSWORD: '******', METRICS_TOKEN: '******',
      DATABASE_URL: 'postgres://cad:******@db:5432/cad', GESTOR_URL: 'https://gestor.local/api?token=******', PUBLIC_URL: 'https://cadastro.al.gov.br',
    });
    // The configuration keeps the same view for management/env.
    expect(loadConfig({ PORT: '9090', PWD: '/srv' }).environment).toEqual({ PORT: '9090' });
  });
});
