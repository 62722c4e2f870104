import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const criados: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-lock-'));
  criados.push(d);
  return d;
};
// npm test leaves nothing in the temp folder.
afterAll(() => {
  for (const d of criados) fs.rmSync(d, { recursive: true, force: true });
});

describe('data dir lock', () => {
  it('a second holder is refused while the first lives; released lock can be taken again', () => {
    const dir = tmp();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'cadastro.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'cadastro.lock'))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('a stale lock of a dead process is replaced', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'cadastro.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'cadastro.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('a second process on the same data dir exits at once, naming the lock', () => {
    const dir = tmp();
    // Another live process holds the lock: simulate with our parent's pid (alive, not us).
    fs.writeFileSync(path.join(dir, 'cadastro.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
    const r = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain(path.join(dir, 'cadastro.lock'));
    expect(r.stderr).toContain(`pid ${process.ppid}`);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false); // refused before touching the database
  });
});
