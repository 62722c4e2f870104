import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';
import { RELATORIOS_SQL } from './definicoes.js';
import { planilha } from './motor.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

/** The events report's columns over n generated rows of text that does not compress away. */
const sintetico = (n: number) => ({
  ...RELATORIOS_SQL.eventos,
  consulta: () => ({
    select: sql`g as "codigoEvento", md5(g::text) || md5((g * 7)::text) as "descricaoEvento", 'S' as "indicadorImplementado"`,
    from: sql`from generate_series(1, ${n}) g`,
    orderBy: sql`g`,
  }),
});

/** A reader that takes bytes only while `lendo`: a client that stopped reading its download. */
function leitor() {
  const partes: Buffer[] = [];
  let lendo = false;
  let pendente: (() => void) | undefined;
  const w = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, done) {
      partes.push(chunk);
      if (lendo) done();
      else pendente = done;
    },
  });
  const retomar = () => {
    lendo = true;
    pendente?.();
    pendente = undefined;
  };
  return { w, partes, retomar };
}

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
const noPrazo = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => true), dormir(ms).then(() => false)]);

describe('report spreadsheet (XLSX) streaming', () => {
  it('a reader that stops reading holds the cursor back: the rows fetched stay bounded until it reads again', async () => {
    const total = 60_000;
    const l = leitor();
    const x = planilha(t.built.ctx.database.fluxos, sintetico(total) as never, {}, { cliente: l.w, ociosoMs: 60_000, lote: 500, aoFalhar: (e) => { throw e; } });
    x.saida.pipe(l.w);
    try {
      // The first rows (a server sorts the whole statement before the cursor's first fetch), then
      // until it stalls on the reader; then it must stay stalled.
      for (let i = 0; i < 300 && x.lidas() === 0; i++) await dormir(100);
      let antes = -1;
      for (let i = 0; i < 100 && x.lidas() !== antes; i++) {
        antes = x.lidas();
        await dormir(500);
      }
      await dormir(1000);
      expect(x.lidas()).toBeGreaterThan(0);
      expect(x.lidas()).toBe(antes);
      expect(x.lidas()).toBeLessThan(total / 4);
      l.retomar();
      expect(await noPrazo(x.fim, 60_000)).toBe(true);
      expect(x.lidas()).toBe(total);
      expect(Buffer.concat(l.partes).subarray(0, 2).toString()).toBe('PK');
    } finally {
      l.w.destroy(); // a failed run must not leave the cursor's transaction open for the next test
    }
  }, 90_000);

  it('a reader idle beyond the timeout is cut off: its stream destroyed, the cursor and its transaction released', async () => {
    const l = leitor();
    let abandonada = false;
    const x = planilha(t.built.ctx.database.fluxos, sintetico(60_000) as never, {}, { cliente: l.w, ociosoMs: 1000, lote: 500, aoFalhar: (e) => { throw e; }, aoAbandonar: () => (abandonada = true) });
    x.saida.pipe(l.w);
    expect(await noPrazo(x.fim, 30_000)).toBe(true);
    expect(abandonada).toBe(true);
    expect(l.w.destroyed).toBe(true);
    expect(x.lidas()).toBeLessThan(60_000);
    // Nothing left open in a transaction on this database (PGlite: the one connection answers again).
    const [r] = await query<{ n: number }>(t.built.ctx.database.fluxos, sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`);
    expect(r!.n).toBe(0);
  }, 60_000);

  it('beyond the rows a sheet holds, the rows go on in a new sheet with the same header (a small cap here; Excel’s is 1,048,572 data rows)', async () => {
    const l = leitor();
    l.retomar();
    const x = planilha(t.built.ctx.database.fluxos, sintetico(25) as never, {}, { cliente: l.w, ociosoMs: 60_000, linhasPorFolha: 10, aoFalhar: (e) => { throw e; } });
    x.saida.pipe(l.w);
    await x.fim;
    await new Promise((ok) => (l.w.writableFinished ? ok(null) : l.w.on('finish', ok)));
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(Buffer.concat(l.partes) as unknown as ArrayBuffer);
    expect(livro.worksheets.map((w) => w.name)).toEqual(['Eventos Implementados', 'Eventos Implementados (2)', 'Eventos Implementados (3)']);
    const codigos = livro.worksheets.map((w) => {
      expect(w.getRow(4).getCell(1).value).toBe('Código');
      const v: unknown[] = [];
      w.eachRow((row, n) => n > 4 && v.push(row.getCell(1).value));
      return v;
    });
    expect(codigos.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(codigos.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  }, 60_000);
});
