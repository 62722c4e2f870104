import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOMES_RELATORIO, RELATORIOS, type NomeRelatorio } from '@cadastro/domain';
import { startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { seedRegistry } from '../../seed/registro.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { RELATORIOS_SQL } from './definicoes.js';

/**
 * #32: every report's PDF first page, read as text the way a reader extracts it, shows each column
 * header whole — a header broken inside a word ("De interess" / "e") means a column too narrow.
 */
let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api/relatorio';
const TUDO = 'dataInicial=1980-01-01&dataFinal=2026-12-31';
const FILTRO: Record<NomeRelatorio, string> = {
  solicitacoesBaixadas: TUDO, contribuintesAtivos: 'tipoConsulta=tipo', eventos: '', cacealForaInteresse: '', cacealNulo: TUDO,
  cacealAtivoCnpjInativo: '', cacealAtivoEmOutraUf: '', cacealSuspensaoTemporaria: '', multiplosVivos: TUDO, divergenciaResponsavel: '', contribuinteGeral: TUDO,
};
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The first page's text in drawing order (a cell's lines follow each other), spaces normalised. */
async function primeiraPagina(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: pdf, useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  const c = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return c.items.map((x) => ('str' in x ? x.str : '')).join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await startTestApp();
  await seedRegistry(t.built.ctx.database, { taxpayers: 800, seed: 32 });
  auditor = await t.as('auditor');
}, 180_000);
afterAll(() => t.close());

it.each(NOMES_RELATORIO.filter((n) => (RELATORIOS[n].exportar as readonly string[]).includes('pdf')))('%s: the PDF shows every column header whole', async (nome) => {
  const r = await auditor.get(`${api}/${RELATORIOS[nome].caminho}/imprimir?${FILTRO[nome]}`);
  expect(r.statusCode, r.body).toBe(200);
  const texto = await primeiraPagina(new Uint8Array(r.rawPayload));
  const titulos = Object.values(RELATORIOS_SQL[nome].colunas as Record<string, [string, number]>).map(([titulo]) => titulo);
  for (const titulo of titulos) expect(texto, `${nome}: "${titulo}"`).toContain(titulo);
});
