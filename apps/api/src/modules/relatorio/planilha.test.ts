import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';
import { RELATORIOS_SQL } from './definicoes.js';
import { ordem } from '../../db/pagina.js';
import { HttpProblem } from '../../platform/errors/problem.js';
import { pagina, planilha, VagasPlanilha } from './motor.js';

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
    orderBy: ordem(sql`g`),
  }),
});

// Issue 40 §2: the preview counted up to 10,000 ("Mais de 10.000 registros") and its pager stopped there.
describe('preview past 10,000 rows', () => {
  it('counts every row and reaches every page: the last and one past the middle in the report\'s order; past the end is empty', async () => {
    const r = sintetico(10_050);
    const codigos = async (page: number, size: number) => {
      const p = await pagina(t.db, r, {}, page, size);
      return { total: p.totalElements, codigos: p.content.map((l) => l.codigoEvento) };
    };
    const faixa = (de: number, ate: number) => Array.from({ length: ate - de + 1 }, (_, i) => de + i);
    expect(await codigos(0, 20)).toEqual({ total: 10_050, codigos: faixa(1, 20) });
    expect(await codigos(300, 20)).toEqual({ total: 10_050, codigos: faixa(6_001, 6_020) });
    expect(await codigos(502, 20)).toEqual({ total: 10_050, codigos: faixa(10_041, 10_050) });
    expect(await codigos(10_049, 1)).toEqual({ total: 10_050, codigos: [10_050] });
    expect(await codigos(503, 20)).toEqual({ total: 10_050, codigos: [] });
  });
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

/** The spreadsheet as the route starts it: embedded, the cursor outside a transaction. */
const exportar = (n: number, opcoes: Partial<Parameters<typeof planilha>[3]> = {}) =>
  planilha(t.built.ctx.database.fluxos, sintetico(n) as never, {}, { ociosoMs: 60_000, lote: 500, retido: t.built.ctx.database.driver === 'pglite', aoFalhar: (e) => { throw e; }, ...opcoes });

/** Cursors and transactions an export may have left open on this database. */
async function abertos() {
  const [r] = await query<{ cursores: number; transacoes: number }>(t.built.ctx.database.fluxos, sql`select
    (select count(*)::int from pg_cursors where name like 'relatorio_cursor%') as cursores,
    (select count(*)::int from pg_stat_activity where datname = current_database() and state like 'idle in transaction%') as transacoes`);
  return r!;
}

/** The temporary files of spreadsheets this process still holds open (Linux: unlinked, still in /proc). */
const arquivosAbertos = () =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).includes('cadastro-planilha-');
    } catch {
      return false;
    }
  }).length;

describe('report spreadsheet (XLSX) streaming', () => {
  it('a reader that reads nothing holds no database connection: every row is written and the cursor released meanwhile; then it gets the whole file', async () => {
    const total = 60_000;
    const l = leitor();
    const x = await exportar(total, { cliente: l.w });
    x.saida.pipe(l.w);
    try {
      // Before: the cursor waited for the reader (its transaction and connection held up to the idle timeout).
      expect(await noPrazo(x.fim, 45_000)).toBe(true);
      expect(x.lidas()).toBe(total);
      expect(await abertos()).toEqual({ cursores: 0, transacoes: 0 });
      // The client took only what fills its buffers; the rest waits on disk.
      expect(Buffer.concat(l.partes).length).toBeLessThan(256 * 1024);
      l.retomar();
      await new Promise((ok, falha) => (l.w.writableFinished ? ok(null) : (l.w.on('finish', ok), l.w.on('error', falha))));
      const livro = new ExcelJS.Workbook();
      await livro.xlsx.load(Buffer.concat(l.partes) as unknown as ArrayBuffer);
      const folha = livro.worksheets[0]!;
      expect(folha.getRow(5).getCell(1).value).toBe(1);
      expect(folha.getRow(4 + total).getCell(1).value).toBe(total);
    } finally {
      l.w.destroy(); // a failed run must not leave the file open for the next test
    }
  }, 120_000);

  it('a reader idle beyond the timeout is cut off: its stream destroyed; nothing was left open in the database', async () => {
    const l = leitor();
    let abandonada = false;
    const x = await exportar(60_000, { cliente: l.w, ociosoMs: 1000, aoAbandonar: () => (abandonada = true) });
    x.saida.pipe(l.w);
    expect(await noPrazo(x.fim, 45_000)).toBe(true);
    for (let i = 0; i < 200 && !abandonada; i++) await dormir(100);
    expect(abandonada).toBe(true);
    expect(l.w.destroyed).toBe(true);
    expect(x.saida.destroyed).toBe(true);
    expect(await abertos()).toEqual({ cursores: 0, transacoes: 0 });
  }, 60_000);

  it('a client that leaves half-way stops the cursor; its temporary file is closed', async () => {
    const l = leitor();
    const x = await exportar(60_000, { cliente: l.w, lote: 200 });
    x.saida.pipe(l.w);
    l.w.destroy();
    x.saida.destroy();
    expect(await noPrazo(x.fim, 30_000)).toBe(true);
    expect(x.lidas()).toBeLessThan(60_000);
    for (let i = 0; i < 50 && arquivosAbertos() > 0; i++) await dormir(100);
    expect(arquivosAbertos()).toBe(0);
    expect(await abertos()).toEqual({ cursores: 0, transacoes: 0 });
  }, 60_000);

  it('more rows than an export may hold is refused before any byte (422, in Portuguese), nothing left open', async () => {
    const erro = await exportar(101, { maxLinhas: 100 }).then(() => null, (e: unknown) => e);
    expect(erro).toBeInstanceOf(HttpProblem);
    expect(erro).toMatchObject({ status: 422, opts: { message: 'relatorio.planilhaGrandeDemais', params: '100' } });
    expect((erro as HttpProblem).detail).toBe('O relatório tem mais de 100 linhas, o máximo para exportar de uma vez: refine os filtros.');
    const l = leitor();
    l.retomar();
    const x = await exportar(100, { maxLinhas: 100 });
    x.saida.pipe(l.w);
    await x.fim;
    expect(x.lidas()).toBe(100);
    expect(await abertos()).toEqual({ cursores: 0, transacoes: 0 });
  }, 60_000);

  it('exports generating at once are bounded: one more gets 503 with Retry-After at once; a place given back serves the next', () => {
    const vagas = new VagasPlanilha(2);
    const a = vagas.tomar();
    vagas.tomar();
    const erro = (() => {
      try {
        vagas.tomar();
      } catch (e) {
        return e;
      }
    })();
    expect(erro).toMatchObject({ status: 503, opts: { message: 'relatorio.planilhasOcupadas', retryAfterSeconds: 5 } });
    a();
    a(); // twice is once
    expect(vagas.ocupadas).toBe(1);
    expect(typeof vagas.tomar()).toBe('function');
    expect(() => vagas.tomar()).toThrow(HttpProblem);
  });

  it('beyond the rows a sheet holds, the rows go on in a new sheet with the same header (a small cap here; Excel’s is 1,048,572 data rows)', async () => {
    const l = leitor();
    l.retomar();
    const x = await exportar(25, { cliente: l.w, linhasPorFolha: 10 });
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
