import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Long tables print in Helvetica, a standard (not embedded) font: pdf.js reads its metrics from here.
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of every page of a PDF, as a reader would extract it (proves the file really is a PDF). */
export async function textoDoPdf(pdf: Buffer | Uint8Array): Promise<{ paginas: number; texto: string }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  const partes: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    partes.push(c.items.map((x) => ('str' in x ? x.str : '')).join(' '));
  }
  const paginas = doc.numPages;
  await doc.destroy();
  return { paginas, texto: partes.join('\n').replace(/\s+/g, ' ') };
}
