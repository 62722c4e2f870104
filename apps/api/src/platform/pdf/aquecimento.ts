import { campos, secao, tabelaLonga } from './blocos.js';
import type { DocumentoPdf } from './documento.js';

/**
 * What a render thread lays out once at start-up (PdfPool.aquecer): the parts every registry document
 * uses — the header and footer, a section, label/value fields in Roboto, and a long table in Helvetica
 * of more than one part — with made-up values, never written anywhere.
 */
export function documentoAquecimento(): DocumentoPdf {
  const linhas = Array.from({ length: 300 }, (_, i) => [
    String(240000000 + i * 7),
    `EMPRESA DE AQUECIMENTO ${i} COMERCIO VAREJISTA DE MERCADORIAS EM GERAL`,
    'ATIVO',
    '01/01/2026',
  ]);
  return {
    titulo: 'Aquecimento',
    conteudo: [
      secao('Identificação'),
      campos([['Razão Social', 'EMPRESA DE AQUECIMENTO LTDA'], ['Situação', 'ATIVO'], ['Município', 'MACEIÓ']]),
      tabelaLonga(['CACEAL', 'Razão Social', 'Situação', 'Desde'], linhas, { larguras: [70, 300, 80, 60], semQuebra: [true, false, true, true], vazio: '' }),
    ],
    emitidoEm: '2026-01-01T00:00:00.000Z',
  };
}
