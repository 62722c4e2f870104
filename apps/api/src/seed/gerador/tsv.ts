import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';

/**
 * Whether the connected role is a superuser: only one may set session_replication_role = replica, the
 * trusted bulk load that skips foreign-key and counting triggers (everything is recounted afterwards).
 */
export async function podeCarregarSemGatilhos(db: DbOrTx): Promise<boolean> {
  return (await queryOne<{ rolsuper: boolean }>(db, sql`select rolsuper from pg_roles where rolname = current_user`))?.rolsuper === true;
}

type Cell = string | number | boolean | null | undefined;

const ESPECIAIS = /[\\\t\n\r]/;
/** A cell in COPY's text format. Only texts can hold the format's special characters (the generator's hot path). */
const escape = (v: Cell): string => {
  if (typeof v === 'string') return ESPECIAIS.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
  if (typeof v === 'number') return String(v);
  if (v === null || v === undefined) return '\\N';
  return v ? 't' : 'f';
};

/** Rows of one table collected in PostgreSQL's COPY text format and flushed in chunks. */
export class CopyBuffer {
  private lines: string[] = [];
  count = 0;
  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}
  add(...cells: Cell[]) {
    let line = escape(cells[0]);
    for (let i = 1; i < cells.length; i++) line += '\t' + escape(cells[i]);
    this.lines.push(line);
    this.count++;
  }
  /** Takes the collected rows out (so generation can go on while they are written). */
  take(): string | null {
    if (this.lines.length === 0) return null;
    const text = this.lines.join('\n') + '\n';
    this.lines = [];
    return text;
  }
  async flush(db: Database) {
    const text = this.take();
    if (text) await db.copyRows(this.table, this.columns, text, { trusted: true });
  }
}
