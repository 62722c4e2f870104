import type { FastifyReply } from 'fastify';
import type { Content } from 'pdfmake/interfaces';
import { FilaPdfCheia, type PdfPool } from './pool.js';

export { PdfPool, trabalhadoresPadrao } from './pool.js';

/**
 * A registry document as plain data: it is rendered on a worker thread, so no functions (named table
 * layouts instead, see blocos.ts). Every PDF — sheets, certificates, and reports — goes through sendPdf.
 */
export interface DocumentoPdf {
  /** Big title under the authority's header, e.g. 'Ficha de Inscrição Cadastral - FIC'. */
  titulo: string;
  subtitulo?: string;
  conteudo: Content[];
  /** Printed in the footer of every page, before the page number (e.g. a verification code). */
  rodape?: string;
  paisagem?: boolean;
  /** Issue time (ISO 8601); defaults to when sendPdf is called, not when a worker gets to it. */
  emitidoEm?: string;
}

/**
 * Renders off the event loop and streams the file as the answer; a failure before the first byte is a 500 problem.
 * `publico`: whatever an anonymous caller can have printed goes on the pool's public lane, never the staff's.
 */
export async function sendPdf(
  reply: FastifyReply,
  pdfs: PdfPool,
  doc: DocumentoPdf,
  arquivo: string,
  opcoes: { disposicao?: 'inline' | 'attachment'; publico?: boolean } = {},
) {
  const { disposicao = 'inline', publico } = opcoes;
  let corpo;
  try {
    corpo = await pdfs.render({ ...doc, emitidoEm: doc.emitidoEm ?? new Date().toISOString() }, publico ? { publico: true } : undefined);
  } catch (e) {
    if (e instanceof FilaPdfCheia) reply.header('Retry-After', '5');
    throw e;
  }
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `${disposicao}; filename="${arquivo.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(corpo);
}
