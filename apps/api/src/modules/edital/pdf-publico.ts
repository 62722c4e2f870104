import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import type { PdfPool } from '../../platform/pdf/documento.js';
import { editalPdf } from './pdf.js';

export interface PdfPublico {
  bytes: Buffer;
  numero: string;
}

/** Renders in progress in this process, per database, by notice and version: two readers at once share one render. */
const emAndamento = new WeakMap<DbOrTx, Map<string, Promise<PdfPublico | null>>>();

/**
 * The PDF of a published notice as anonymous readers get it (CPFs masked). A published notice does not
 * change without a new version (publishing and republishing bump it), so it is rendered once per
 * version, on the pool's public lane, and its bytes are kept in `edital_pdf`: every replica serves the
 * same file, and the issue time printed in it is that of the first print of this version.
 */
export async function pdfPublicoDoEdital(db: DbOrTx, pdfs: PdfPool, id: number): Promise<PdfPublico | null> {
  const e = await queryOne<{ version: number; numero: string; arquivo: Uint8Array | null }>(
    db,
    sql`select e.version, e.numero, p.arquivo from edital e left join edital_pdf p on p.edital_id = e.id and p.version = e.version where e.id = ${id}`,
  );
  if (!e) return null;
  if (e.arquivo) return { bytes: Buffer.from(e.arquivo), numero: e.numero };
  const chave = `${id}:${e.version}`;
  const doBanco = emAndamento.get(db) ?? new Map<string, Promise<PdfPublico | null>>();
  emAndamento.set(db, doBanco);
  let render = doBanco.get(chave);
  if (!render) {
    render = renderizarEGuardar(db, pdfs, id, Number(e.version)).finally(() => doBanco.delete(chave));
    doBanco.set(chave, render);
  }
  return render;
}

async function renderizarEGuardar(db: DbOrTx, pdfs: PdfPool, id: number, version: number): Promise<PdfPublico | null> {
  const r = await editalPdf(db, id, { publico: true });
  if (!r) return null;
  const bytes = await buffer(await pdfs.render({ ...r.documento, emitidoEm: new Date().toISOString() }, { publico: true }));
  // Never replaces a newer version's file (a republication that landed meanwhile).
  await db.execute(sql`insert into edital_pdf (edital_id, version, arquivo) values (${id}, ${version}, ${bytes})
    on conflict (edital_id) do update set version = excluded.version, arquivo = excluded.arquivo, gerado_em = now() where edital_pdf.version < excluded.version`);
  return { bytes, numero: r.numero };
}
