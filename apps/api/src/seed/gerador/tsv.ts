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
