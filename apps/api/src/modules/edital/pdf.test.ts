import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type TestApp } from '../../test/harness.js';
import { seedRegistry } from '../../seed/registro.js';
import { textoDoPdf } from '../../test/pdf.js';

let t: TestApp;
const pdf = '/sfz-cadastro-api/api/relatorio/edital/pdf';
const one = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  t = await startTestApp();
  await seedRegistry(t.built.ctx.database, { taxpayers: 300, seed: 5 });
}, 120_000);
afterAll(() => t.close());

describe('GET relatorio/edital/pdf?id', () => {
  it('a published notice is public: its number, text and the taxpayers it cites', async () => {
    const e = await one<{ id: number; numero: string; nome: string }>(`select e.id, e.numero, p.nome from edital e join edital_contribuinte ec on ec.edital_id = e.id
      join contribuinte c on c.id = ec.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa where e.situacao_edital_id in (3, 4) limit 1`);
    const r = await t.client().get(`${pdf}?id=${e.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const { texto } = await textoDoPdf(r.rawPayload);
    expect(texto).toContain(`Edital nº ${e.numero}`);
    expect(texto).toContain(e.nome);
  });

  it('a draft needs notice or registry staff; unknown → 404; bad id → 400', async () => {
    const d = await one<{ id: number }>('select id from edital where situacao_edital_id in (1, 2) limit 1');
    expectProblem(await t.client().get(`${pdf}?id=${d.id}`), 401);
    expectProblem(await (await t.as('user')).get(`${pdf}?id=${d.id}`), 403);
    expect((await (await t.as('editais')).get(`${pdf}?id=${d.id}`)).statusCode).toBe(200);
    expectProblem(await t.client().get(`${pdf}?id=99999999`), 404);
    expectProblem(await t.client().get(`${pdf}?id=abc`), 400);
  });
});
