import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
// pdfmake 0.3's server build is CommonJS; its Roboto TTFs cover every Portuguese accent.
const pdfmake = require('pdfmake') as typeof import('pdfmake');
const fontes = require('pdfmake/fonts/Roboto.js') as { Roboto: { normal: string; bold: string; italics: string; bolditalics: string } };
const pastaFontes = dirname(fontes.Roboto.normal);
pdfmake.setFonts(fontes);
// Documents never fetch anything: only the bundled fonts may be read, no URL at all.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(pastaFontes));

export interface DocumentoPdf {
  /** Big title under the authority's header, e.g. 'Ficha de Inscrição Cadastral - FIC'. */
  titulo: string;
  subtitulo?: string;
  conteudo: Content[];
  /** Printed in the footer of every page, before the page number (e.g. a verification code). */
  rodape?: string;
  paisagem?: boolean;
  /** Shown as the issue time; defaults to now. */
  emitidoEm?: Date;
}

const FUSO = 'America/Maceio';

/** dd/MM/yyyy HH:mm in the authority's time zone (Alagoas, UTC−3 without daylight saving). */
export function dataHoraLocal(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Every PDF of the registry: the authority's header, the title, issue date/time and page numbers. */
export async function renderPdf(doc: DocumentoPdf): Promise<Buffer> {
  const emitido = dataHoraLocal(doc.emitidoEm ?? new Date());
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: doc.paisagem ? 'landscape' : 'portrait',
    pageMargins: [36, doc.subtitulo ? 112 : 96, 36, 48],
    info: { title: doc.titulo, author: 'SEFAZ-AL', subject: doc.subtitulo ?? doc.titulo, creator: 'Cadastro de Contribuintes - CACEAL' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      orgao: { fontSize: 10, bold: true },
      titulo: { fontSize: 13, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
      subtitulo: { fontSize: 10, alignment: 'center', color: '#333333' },
      secao: { fontSize: 10, bold: true, fillColor: '#e9ecef', margin: [0, 8, 0, 2] },
      rotulo: { fontSize: 7, color: '#555555' },
      cabecalhoTabela: { bold: true, fontSize: 8, fillColor: '#e9ecef' },
    },
    header: () => ({
      margin: [36, 20, 36, 0],
      stack: [
        { text: 'ESTADO DE ALAGOAS', style: 'orgao', alignment: 'center' },
        { text: 'SECRETARIA DE ESTADO DA FAZENDA', style: 'orgao', alignment: 'center' },
        { text: 'Cadastro de Contribuintes do ICMS - CACEAL', alignment: 'center', fontSize: 9 },
        { text: doc.titulo, style: 'titulo' },
        ...(doc.subtitulo ? [{ text: doc.subtitulo, style: 'subtitulo' }] : []),
      ],
    }),
    footer: (pagina, paginas) => ({
      margin: [36, 12, 36, 0],
      columns: [
        { text: [`Emitido em ${emitido} (horário de Maceió)`, doc.rodape ? ` · ${doc.rodape}` : ''].join(''), fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', fontSize: 7, width: 80 },
      ],
    }),
    content: doc.conteudo,
  };
  return pdfmake.createPdf(def).getBuffer();
}

export function sendPdf(reply: FastifyReply, pdf: Buffer, arquivo: string, disposicao: 'inline' | 'attachment' = 'inline') {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `${disposicao}; filename="${arquivo.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
