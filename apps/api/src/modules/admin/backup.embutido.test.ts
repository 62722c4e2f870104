import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client.js';
import { query } from '../../db/consulta.js';
import { eventoAuditoria } from '../../db/schema/index.js';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';

// The embedded database's backup, restored the way deploy/backup-embutido.sh restores it: the tar
// unpacked into an empty DATA_DIR/pgdata, opened by a fresh PGlite (migrations and index check run).

let t: TestApp;
let admin: Client;
const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-backup-'));
beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 60, seed: 44 } });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(pasta, { recursive: true, force: true });
});

/** Every table of the registry with its row count: what a restore must give back, table by table. */
async function contagens(db: Db): Promise<Record<string, number>> {
  const tabelas = await query<{ t: string }>(db, sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
  const out: Record<string, number> = {};
  for (const { t: nome } of tabelas) out[nome] = (await query<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${nome}"`)))[0]!.n;
  return out;
}
const marca = (db: Db, principal: string) => db.insert(eventoAuditoria).values({ principal, eventType: 'BACKUP_TESTE' });
const marcas = async (db: Db) =>
  (await db.select({ p: eventoAuditoria.principal }).from(eventoAuditoria).where(eq(eventoAuditoria.eventType, 'BACKUP_TESTE')).orderBy(eventoAuditoria.principal)).map((r) => r.p);

describe('GET /management/backup (embedded database)', () => {
  it('is a copy of the instant it was taken: written before it present, after it absent, every table equal', async () => {
    await marca(t.db, 'escrito-antes');
    const antes = await contagens(t.db);
    const r = await admin.get('/management/backup');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-tar');
    expect(String(r.headers['content-disposition'])).toMatch(/^attachment; filename="cadastro-.*\.tar"$/);
    await marca(t.db, 'escrito-depois');

    const arquivo = path.join(pasta, 'backup.tar');
    fs.writeFileSync(arquivo, r.rawPayload);
    fs.mkdirSync(path.join(pasta, 'dados', 'pgdata'), { recursive: true });
    execFileSync('tar', ['-xf', arquivo, '-C', path.join(pasta, 'dados', 'pgdata')]);
    const restaurado = await openDatabase(undefined, path.join(pasta, 'dados'));
    try {
      expect(await marcas(restaurado.db)).toEqual(['escrito-antes']);
      expect(await contagens(restaurado.db)).toEqual(antes);
      expect(antes.contribuinte).toBeGreaterThan(0);
    } finally {
      await restaurado.close();
    }
    expect(await marcas(t.db)).toEqual(['escrito-antes', 'escrito-depois']); // the serving database went on
  });

  it('is for administrators only', async () => {
    expectProblem(await (await t.as('auditor')).get('/management/backup'), 403);
    expectProblem(await t.client().get('/management/backup'), 401);
  });
});
