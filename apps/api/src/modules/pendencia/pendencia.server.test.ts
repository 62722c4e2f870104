import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryOne } from '../../db/consulta.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { TransacaoParalela } from '../../test/transacao-paralela.js';

let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 32 } });
  auditor = await t.as('auditor');
}, 180_000);
afterAll(() => t.close());

// Two clerks regularize one pendência at the same moment: the second waits, then sees the first's
// result — 409 "already regularized", not a 404 from a row the lock dropped.
it('the second of two concurrent regularizations gets 409 (already regularized), not 404', async () => {
  const p = (await queryOne<{ sequencial: string }>(t.db, sql`select sequencial from pendencia where classificacao_id = 7 and situacao_id = 1 order by sequencial limit 1`))!;
  const primeiro = await TransacaoParalela.abrir(t.built.ctx.config.databaseUrl!);
  await primeiro.sql(`update pendencia set situacao_id = 2, data_regularizacao = current_date, version = version + 1 where sequencial = $1`, [p.sequencial]);
  const segundo = auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), sequencialSituacao: 2, sequencialMotivo: 2, sequencialOrigem: 10 });
  await primeiro.esperarAlguemBloqueado();
  await primeiro.commit();
  expect(expectProblem(await segundo, 409).message).toBe('error.pendencia.jaRegularizada');
});
