import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
/** The folders of DATA_DIR a backup copies the database into, sent from, and removes. */
const instantaneos = () => fs.readdirSync(t.built.ctx.config.dataDir).filter((n) => n.startsWith('backup-em-curso-'));
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
    expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length); // streamed, its length known beforehand
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

  it('one at a time: a second call while a copy is being sent is refused (409), the first arrives whole', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The first copy over real HTTP, left unread: its answer has begun (the copy was taken) and cannot end.
    const primeira = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/management/backup', headers: { authorization: `Bearer ${admin.token}` } }, resolve).on('error', reject),
    );
    expect(primeira.statusCode).toBe(200);
    const segunda = expectProblem(await admin.get('/management/backup'), 409);
    expect(segunda.message).toBe('error.backupEmCurso');
    expect(instantaneos()).toHaveLength(1); // the copy being sent, in DATA_DIR

    const arquivo = path.join(pasta, 'primeira.tar');
    await new Promise<void>((resolve, reject) => primeira.pipe(fs.createWriteStream(arquivo)).on('finish', resolve).on('error', reject));
    expect(fs.statSync(arquivo).size).toBe(Number(primeira.headers['content-length']));
    // Whole (its restore is the first test's): every entry readable, the data dir's marker in it.
    expect(execFileSync('tar', ['-tf', arquivo], { encoding: 'utf8' }).split('\n')).toContain('PG_VERSION');
    await vi.waitFor(() => expect(instantaneos()).toEqual([]), { timeout: 10_000 });
  });

  it('a download cut short frees the way for the next copy and leaves no snapshot behind', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const cortada = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/management/backup', headers: { authorization: `Bearer ${admin.token}` } }, resolve).on('error', reject),
    );
    expect(cortada.statusCode).toBe(200);
    cortada.destroy();
    await vi.waitFor(() => expect(instantaneos()).toEqual([]), { timeout: 10_000 });
    expect((await admin.get('/management/backup')).statusCode).toBe(200);
    await vi.waitFor(() => expect(instantaneos()).toEqual([]), { timeout: 10_000 });
  });

  it('takes no parameters and no HEAD: refused before a copy starts', async () => {
    const p = expectProblem(await admin.get('/management/backup?desde=ontem'), 400);
    expect(p.message).toBeTruthy();
    // Nor a HEAD, which would copy the whole database to send nothing.
    const head = await t.app.inject({ method: 'HEAD', url: '/management/backup', headers: { authorization: `Bearer ${admin.token}` } });
    expect(head.statusCode).toBe(404);
    expect(instantaneos()).toEqual([]);
  });

  it('is for administrators only', async () => {
    expectProblem(await (await t.as('auditor')).get('/management/backup'), 403);
    expectProblem(await t.client().get('/management/backup'), 401);
  });
});
