import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  FILTROS_RELATORIO, formatInteiro, formatItemRelatorio, NOMES_RELATORIO, RELATORIOS, type DefinicaoRelatorio, type PaginaRelatorio,
} from '@cadastro/domain';
import { startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { primeiraPagina } from '../../test/poppler.js';
import { API_RELATORIO, FILTRO_DE_TESTE } from '../../test/relatorio-filtros.js';
import { winAnsi } from '../../platform/pdf/layout.js';
import { RELATORIOS_SQL } from './definicoes.js';
import { textoCelula } from './motor.js';

/**
 * #32 "Done when": a review of every report PDF's first page. poppler draws it (pdftoppm: a page of
 * A4 size with ink on it) and reads it back (pdftotext -layout, cells side by side as printed); every
 * word it reads must be a whole word of the document — a column header, a cell of the first rows, the
 * title, the filters. A column too narrow breaks a word across lines ("De interess" / "e",
 * "MICROEMPREENDE" / "DOR"), and its pieces are no word of the document.
 * REVISAO_PDF_DIR=<dir> keeps the pages drawn (<report>.png) for a look.
 */
let t: TestApp;
let auditor: Client;
const api = API_RELATORIO;
const FILTRO = FILTRO_DE_TESTE;
const SIM_NAO = { sim: 'Sim', nao: 'Não' };
const palavras = (s: string) => winAnsi(s).split(/\s+/).filter(Boolean);

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 800, seed: 32 } });
  auditor = await t.as('auditor');
}, 180_000);
afterAll(() => t.close());

it.each(NOMES_RELATORIO)('%s: the PDF\'s first page is drawn (A4, not blank) and reads back with every header and cell word whole', async (nome) => {
  const def: DefinicaoRelatorio = RELATORIOS[nome];
  const r = RELATORIOS_SQL[nome];
  const pdf = await auditor.get(`${api}/${def.caminho}/imprimir?${FILTRO[nome]}`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const destino = process.env.REVISAO_PDF_DIR ? join(process.env.REVISAO_PDF_DIR, `${nome}.png`) : undefined;
  const p = await primeiraPagina(new Uint8Array(pdf.rawPayload), destino);

  // A4 at 50 dpi (595 × 842 pt), either way round, with some ink and far from all ink.
  expect([Math.min(p.largura, p.altura), Math.max(p.largura, p.altura)]).toEqual([414, 585]);
  expect(p.tinta, `${nome}: share of non-white pixels`).toBeGreaterThan(0.005);
  expect(p.tinta).toBeLessThan(0.5);

  // The words the page may hold: the authority's header, title and filters, the column headers, the
  // cells of the first rows (a page holds fewer than 100), the totals and the count line.
  const filtro = (FILTROS_RELATORIO[def.filtro] as { parse(v: unknown): unknown }).parse(Object.fromEntries(new URLSearchParams(FILTRO[nome])));
  const previa = (await auditor.get(`${api}/${def.caminho}?${FILTRO[nome]}&size=100`)).json<PaginaRelatorio>();
  const titulos = [...Object.values(r.colunas as Record<string, [string, number]>).map(([titulo]) => titulo), ...(r.lista ? [r.lista.titulo] : [])];
  const cabecalho = ['ESTADO DE ALAGOAS', 'SECRETARIA DE ESTADO DA FAZENDA', 'Cadastro de Contribuintes do ICMS - CACEAL', r.titulo, r.filtros(filtro as never), r.vazio];
  const celulas = previa.content.flatMap((l) => [
    ...def.colunas.map((c) => textoCelula(c, l[c.campo])),
    ...(def.lista && Array.isArray(l[def.lista.campo]) ? (l[def.lista.campo] as Record<string, string>[]).map((i) => formatItemRelatorio(def.lista!.colunas, i, SIM_NAO)) : []),
  ]);
  const totais = Object.values(previa.totais ?? {}).map((v) => formatInteiro(v));
  const conhecidas = new Set([...cabecalho, ...titulos, ...celulas, ...totais, 'Total', `${formatInteiro(previa.totalElements)} registro(s)`].flatMap(palavras));

  // The footer (issue time, page numbers) is the one line of the page not made of these words.
  const linhas = p.texto.split('\n').filter((l) => !/Emitido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.test(l));
  const lidas = linhas.flatMap((l) => l.split(/\s+/).filter(Boolean));
  for (const titulo of titulos) for (const w of palavras(titulo)) expect(lidas, `${nome}: header word "${w}" (of "${titulo}") whole on page 1`).toContain(w);
  const partidas = [...new Set(lidas.filter((w) => !conhecidas.has(w)))];
  expect(partidas, `${nome}: words read on page 1 that are no whole word of the document (cut by a narrow column)\n${p.texto}`).toEqual([]);
});
