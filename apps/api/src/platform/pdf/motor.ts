import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { DocumentoPdf } from './documento.js';
import { definicao, FONTE_PADRAO_PDF, LAYOUTS_TABELA } from './layout.js';

const require = createRequire(import.meta.url);
// pdfmake 0.3's server build is CommonJS; its Roboto TTFs cover every Portuguese accent.
const pdfmake = require('pdfmake') as typeof import('pdfmake');
const fontes = require('pdfmake/fonts/Roboto.js') as { Roboto: { normal: string; bold: string; italics: string; bolditalics: string } };
const pastaFontes = dirname(fontes.Roboto.normal);
// Helvetica, one of the PDF's standard fonts (every reader has it; WinAnsi encoding), prints the long
// tables: measuring it is a table lookup, where Roboto runs OpenType shaping on every new word — 40 % of
// a 5,000-row table's layout when most words are numbers seen once (CACEAL, CNPJ). See layout.ts.
pdfmake.setFonts({ ...fontes, [FONTE_PADRAO_PDF]: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' } });
pdfmake.addTableLayouts(LAYOUTS_TABELA);
// Documents never fetch anything: only the bundled fonts may be read, no URL at all.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(pastaFontes) || /^Helvetica(-Bold|-Oblique|-BoldOblique)?$/.test(path));

/** What the render thread tells the pool, in order: data chunks, then the end or an error. */
export type MensagemPdf = { tipo: 'dados'; dados: Uint8Array } | { tipo: 'fim' } | { tipo: 'erro'; mensagem: string };

// pdfkit writes one small chunk per PDF object: batching keeps it to a few messages per file.
const LOTE = 64 * 1024;

/** Lays out and writes one document, handing its bytes to `enviar` as they come. */
export async function renderizar(doc: DocumentoPdf, enviar: (m: MensagemPdf) => void): Promise<void> {
  const pdf = (await pdfmake.createPdf(definicao(doc)).getStream()) as NodeJS.ReadableStream & { end(): void };
  await new Promise<void>((resolve, reject) => {
    let partes: Buffer[] = [];
    let tamanho = 0;
    const despejar = () => {
      if (!tamanho) return;
      // A fresh buffer of its own, so it can be transferred rather than copied (pooled ones cannot).
      const dados = new Uint8Array(tamanho);
      let o = 0;
      for (const p of partes) {
        dados.set(p, o);
        o += p.length;
      }
      partes = [];
      tamanho = 0;
      enviar({ tipo: 'dados', dados });
    };
    pdf.on('data', (c: Buffer) => {
      partes.push(c);
      tamanho += c.length;
      if (tamanho >= LOTE) despejar();
    });
    pdf.on('end', () => {
      despejar();
      resolve();
    });
    pdf.on('error', reject);
    pdf.end();
  });
  enviar({ tipo: 'fim' });
}
