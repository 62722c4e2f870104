import type { Database } from '../../db/client.js';

type Cell = string | number | boolean | null | undefined;

const escape = (v: Cell): string => {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = String(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
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
    this.lines.push(cells.map(escape).join('\t'));
    this.count++;
  }
  async flush(db: Database) {
    if (this.lines.length === 0) return;
    const text = this.lines.join('\n') + '\n';
    this.lines = [];
    await db.copyRows(this.table, this.columns, text);
  }
}
