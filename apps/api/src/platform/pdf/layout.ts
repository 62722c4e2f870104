import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DocumentoPdf } from './documento.js';

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

/** Table layouts by name: content crosses to the render thread as plain data, so no functions in it. */
export const LAYOUTS_TABELA = {
  grade: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#adb5bd', vLineColor: () => '#adb5bd' },
  /** Long report tables: one rule under the header and nothing else (pdfmake lays a grid out at half the speed). */
  listagem: {
    hLineWidth: (i: number) => (i === 1 ? 0.5 : 0), vLineWidth: () => 0, hLineColor: () => '#868e96',
    paddingLeft: () => 2, paddingRight: () => 2, paddingTop: () => 1, paddingBottom: () => 1,
  },
};

/**
 * Every PDF of the registry: the authority's header, the title, issue date/time and page numbers.
 * Built where it is rendered (the header and footer are functions, which cannot cross threads).
 */
export function definicao(doc: DocumentoPdf): TDocumentDefinitions {
  const emitido = dataHoraLocal(doc.emitidoEm ? new Date(doc.emitidoEm) : new Date());
  return {
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
}
