import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { query, queryOne } from '../db/consulta.js';
import { startTestApp } from '../test/harness.js';
import { UnsafeProductionError } from './demo-accounts.js';

/** APP_PROFILE=prod: no demo taxpayers, no demo accounts, no published demo password. */
describe('the prod profile', { timeout: 120_000 }, () => {
  it('never generates demo taxpayers', () => {
    expect(loadConfig({ APP_PROFILE: 'prod', SEED_DEMO_TAXPAYERS: '3000' }).seedDemoTaxpayers).toBe(0);
    expect(loadConfig({ APP_PROFILE: 'dev' }).seedDemoTaxpayers).toBe(3000);
  });

  it('on an empty user table needs ADMIN_PASSWORD and then creates only that administrator', async () => {
    await expect(startTestApp({ APP_PROFILE: 'prod' })).rejects.toBeInstanceOf(UnsafeProductionError);
    const t = await startTestApp({ APP_PROFILE: 'prod', ADMIN_PASSWORD: 'uma-senha-longa-e-boa' });
    try {
      const logins = (await query<{ login: string }>(t.db, sql`select login from usuario order by login`)).map((r) => r.login);
      expect(logins).toEqual(['admin']);
      expect(t.built.createdDemoAccounts).toEqual(['admin']);
      expect((await t.client().post('/api/authenticate', { username: 'admin', password: 'admin' })).statusCode).toBe(401);
      await t.as('admin', 'uma-senha-longa-e-boa');
      const n = (await queryOne<{ n: number }>(t.db, sql`select count(*)::int as n from contribuinte`))!.n;
      expect(n).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('refuses to start while an account still has its published demo password', async () => {
    const dir = path.join(os.tmpdir(), `cadastro-prod-${crypto.randomUUID()}`);
    fs.mkdirSync(dir, { recursive: true });
    const env = { DATABASE_URL: '', DATA_DIR: dir };
    try {
      const dev = await startTestApp(env);
      await dev.close();
      await expect(startTestApp({ ...env, APP_PROFILE: 'prod' })).rejects.toThrow(/demo password/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true }); // 59 MB of embedded database: npm test leaves no temp dirs
    }
  });
});
