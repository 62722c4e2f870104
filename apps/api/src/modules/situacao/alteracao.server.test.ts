import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryOne } from '../../db/consulta.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { TransacaoParalela } from '../../test/transacao-paralela.js';

let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 29 } });
  auditor = await t.as('auditor');
}, 180_000);
afterAll(() => t.close());

// Two clerks change one company's status at the same moment: the second waits for the first, then
// sees every registration as it now is and answers 409 (its screen is stale), never a verdict on a
// state it has not seen, and never a registration silently dropped by the lock.
it('the second of two concurrent status changes gets 409 with the reload message; the first one stands', async () => {
  const a = (await queryOne<{ numero_pessoa: string; numero_caceal: number; version: number }>(t.db, sql`select c.numero_pessoa, c.numero_caceal, c.version
    from contribuinte c where c.situacao_id = 1 and (select count(*) from contribuinte x where x.numero_pessoa = c.numero_pessoa) = 1 order by c.id limit 1`))!;
  const versoes = [{ numeroCaceal: a.numero_caceal, version: a.version }];
  const primeiro = await TransacaoParalela.abrir(t.built.ctx.config.databaseUrl!);
  await primeiro.sql(`update contribuinte set situacao_id = 4, motivo_id = 401, version = version + 1 where numero_caceal = $1`, [a.numero_caceal]);
  const segundo = auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: Number(a.numero_pessoa), sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 202, versoes });
  await primeiro.esperarAlguemBloqueado();
  await primeiro.commit();
  const p = expectProblem(await segundo, 409);
  expect(p.message).toBe('error.concurrencyFailure');
  const agora = (await queryOne<{ situacao_id: number; version: number }>(t.db, sql`select situacao_id, version from contribuinte where numero_caceal = ${a.numero_caceal}`))!;
  expect(agora).toEqual({ situacao_id: 4, version: a.version + 1 });
});
