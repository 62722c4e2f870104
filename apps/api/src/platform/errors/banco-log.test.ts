import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.js';

/** Database failures are logged with their statement, never the values bound to it nor the row the server quotes back. */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, cb) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    cb();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => t.close());

const CPF = '123.456.789-09';
const NOME = 'MARIA DAS DORES SIGILOSA';
const falha = async (f: () => Promise<unknown>) => {
  try {
    await f();
  } catch (e) {
    return e;
  }
  throw new Error('no failure');
};

describe('database error logs', () => {
  it('carry the statement and the SQLSTATE, not the parameters, the quoted value or the key detail', async () => {
    const erros = [
      // 22P02: the server quotes the bad value in its message.
      await falha(() => t.db.execute(sql`select ${CPF}::int as n, ${NOME} as nome`)),
      // 23505: the server quotes the duplicate key in its detail.
      await falha(() => t.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table titular (cpf text primary key, nome text)`);
        await tx.execute(sql`insert into titular values (${CPF}, ${NOME})`);
        await tx.execute(sql`insert into titular values (${CPF}, ${NOME})`);
      })),
    ];
    for (const err of erros) {
      lines.length = 0;
      t.app.log.error({ err }, 'unhandled error');
      t.built.ctx.loggers.get('conta').error({ err, login: 'x' }, 'could not send mail');
      const saida = lines.join('\n');
      expect(saida).toContain('unhandled error');
      expect(saida).toMatch(/select \$1::int|insert into titular values \(\$1, \$2\)/);
      expect(saida).toMatch(/22P02|23505/);
      expect(saida).not.toContain('123.456.789');
      expect(saida).not.toContain('SIGILOSA');
    }
  });

  it('an error that is not the database’s keeps its message and stack', () => {
    lines.length = 0;
    t.app.log.error({ err: new Error('porta SMTP recusou') }, 'unhandled error');
    const l = JSON.parse(lines[0]!);
    expect(l.err.message).toBe('porta SMTP recusou');
    expect(l.err.stack).toContain('banco-log.test.ts');
  });
});
