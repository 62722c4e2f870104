import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, expectProblem, type TestApp } from '../../test/harness.js';

// A PostgreSQL server is backed up by its own tools (deploy/backup-servidor.sh), not through the API.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /management/backup on a PostgreSQL server', () => {
  it('answers 409 naming the tools to use', async () => {
    const p = expectProblem(await (await t.as('admin')).get('/management/backup'), 409);
    expect(p.message).toBe('error.backupServidor');
    expect(p.detail).toContain('pg_basebackup');
  });
});
