import { describe, expect, it } from 'vitest';
import { describeConfig, loadConfig } from './config.js';

describe('configuration by environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, profile: 'dev', apiDocs: true, smtpUrl: undefined });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(loadConfig({ DATA_DIR: 'x', INIT_CWD: '/srv/cad' }).dataDir).toBe('/srv/cad/x');
    // API docs: on in dev, off in prod unless asked for.
    expect(loadConfig({ APP_PROFILE: 'prod' }).apiDocs).toBe(false);
    expect(loadConfig({ APP_PROFILE: 'prod', API_DOCS: 'on' }).apiDocs).toBe(true);
  });
  it('reads every variable', () => {
    const c = loadConfig({ PORT: '9090', DATABASE_URL: 'postgres://u:p@db:5432/cad', APP_PROFILE: 'prod', API_DOCS: 'off', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(40) });
    expect(c).toMatchObject({ port: 9090, profile: 'prod', apiDocs: false, smtpUrl: 'smtp://mail:25' });
  });
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_PROFILE: 'staging' })).toThrow(/APP_PROFILE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
  it('never shows secrets', () => {
    const shown = JSON.stringify(describeConfig(loadConfig({ DATABASE_URL: 'postgres://u:segredo@db/cad', JWT_SECRET: 'y'.repeat(40), SMTP_URL: 'smtp://a:senha@mail:25' })));
    expect(shown).not.toContain('segredo');
    expect(shown).not.toContain('y'.repeat(40));
    expect(shown).not.toContain('senha');
  });
});
