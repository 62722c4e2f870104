import type { Readable, Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { z } from 'zod';
import {
  FILTROS_RELATORIO, formatCelulaRelatorio, formatInteiro, formatItemRelatorio, RELATORIOS, type ColunaRelatorio, type ListaRelatorio, type NomeRelatorio, type PaginaRelatorio,
} from '@cadastro/domain';
import type { Db } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { porCursor } from '../../db/cursor.js';
import { lerPagina, type Ordem } from '../../db/pagina.js';
import { HttpProblem } from '../../platform/errors/problem.js';
import { tabelaLonga } from '../../platform/pdf/blocos.js';
import { distribuirLarguras } from '../../platform/pdf/layout.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';
import { LINHAS_POR_FOLHA, planilhaEmFluxo, type ColunaXlsx } from '../../platform/xlsx.js';
import { arquivoTemporario } from '../../platform/arquivo-temporario.js';

export type FiltroDe<N extends NomeRelatorio> = z.infer<(typeof FILTROS_RELATORIO)[(typeof RELATORIOS)[N]['filtro']]>;
type Valor = string | number | boolean | null;
type Linha = Record<string, Valor | Record<string, Valor>[]>;

/**
 * What the server adds to a report of the shared catalogue: its words for the printed files (the
 * PDF and the spreadsheet are issued in Portuguese, like every document of the registry) and its SQL.
 * The SQL comes in three parts so the engine can page (select + from + order by, either way), count
 * (from only) and stream (a cursor over the whole statement).
 */
export interface Relatorio<N extends NomeRelatorio> {
  nome: N;
  titulo: string;
  /** pt-BR titles and widths (characters) of the columns, in the catalogue's order. */
  colunas: Record<(typeof RELATORIOS)[N]['colunas'][number]['campo'], [string, number]>;
  /** The catalogue's `lista`: its column in the PDF (title, weight) and its columns in the spreadsheet. */
  lista?: { titulo: string; largura: number; colunas: Record<string, [string, number]> };
  /** The spec's empty text for this report. */
  vazio: string;
  /**
   * `contagem`: a from-part with the same rows, cheaper to count (a table kept by triggers).
   * `chave`: the row's key (`id`, e.g. c.id) and a from-part over the fewest tables listing the same keys
   * with the order's columns under the same names and aliases (`de`, default `contagem`; a table left
   * unaliased there makes the key an outer reference: every row matches); `from` must then end in its
   * where-part. A page past the first skips its rows there and joins only its own (#40: the offset walk
   * joined and selected every skipped row, 1.4 s for the middle page of 500,000).
   */
  consulta(f: FiltroDe<N>): { select: SQL; from: SQL; orderBy: Ordem; contagem?: SQL; chave?: { id: SQL; de?: SQL } };
  /** The filters as one line for the header of the files. */
  filtros(f: FiltroDe<N>): string;
}

export const relatorio = <N extends NomeRelatorio>(r: Relatorio<N>) => r;

class ClienteSaiu extends Error {}

const colunasDe = (nome: NomeRelatorio): readonly ColunaRelatorio[] => RELATORIOS[nome].colunas;
const listaDe = (nome: NomeRelatorio) => (RELATORIOS[nome] as { lista?: ListaRelatorio }).lista;
const itens = (v: Linha[string] | undefined): Record<string, Valor>[] => (Array.isArray(v) ? v : []);

/**
 * The preview's page: the rows, the exact count and the totals (#40 §2: the count stopped at 10,000
 * and the pager with it; every count is of an index or a table kept by triggers, ≤ 0.2 s at 500,000,
 * see bench/listas-paginadas.ts). A page past the middle is read from the end (lerPagina), so the
 * last page costs what the first does.
 */
export async function pagina<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>, page: number, size: number): Promise<PaginaRelatorio> {
  const q = r.consulta(f);
  const ler = (ordem: SQL, limite: number, pular: number) => query<Linha>(db, leituraDaPagina(q, ordem, limite, pular));
  const contar = async () => (await queryOne<{ n: number }>(db, sql`select count(*)::int as n ${q.contagem ?? q.from}`))?.n ?? 0;
  // The rows, the count and the totals on their own connections at once: the first page waits for the
  // slowest, not the sum; a later one needs the count to know its nearer end.
  const [content, totalElements, soma] = page === 0
    ? await Promise.all([ler(q.orderBy.crescente, size, 0), contar(), totais(db, r, q)])
    : await Promise.all([contar(), totais(db, r, q)]).then(async ([n, t]) => [await lerPagina(q.orderBy, n, page, size, ler), n, t] as const);
  return { content, totalElements, ...soma };
}

/** The statement of a page: `limite` rows after `pular` in `ordem`, skipped by key alone when the report has one. */
export function leituraDaPagina(q: ReturnType<Relatorio<NomeRelatorio>['consulta']>, ordem: SQL, limite: number, pular: number): SQL {
  if (!q.chave || pular === 0) return sql`select ${q.select} ${q.from} order by ${ordem} limit ${limite} offset ${pular}`;
  const { id, de = q.contagem ?? q.from } = q.chave;
  return sql`select ${q.select} ${q.from} and ${id} = any(array(select ${id} ${de} order by ${ordem} limit ${limite} offset ${pular})) order by ${ordem}`;
}

async function totais<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, q: ReturnType<Relatorio<N>['consulta']>) {
  const campos: readonly string[] = (RELATORIOS[r.nome] as { totais?: readonly string[] }).totais ?? [];
  if (!campos.length) return {};
  const soma = sql.join(campos.map((c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::bigint as ${sql.identifier(c)}`), sql`, `);
  const t = await queryOne<Record<string, number | string>>(db, sql`select ${soma} from (select ${q.select} ${q.from}) x`);
  return { totais: Object.fromEntries(campos.map((c) => [c, Number(t?.[c] ?? 0)])) };
}

const SIM_NAO = { sim: 'Sim', nao: 'Não' };
/** A cell as printed: the screens' formatter (documents and CNAE masked, dd/MM/yyyy, 1.234), Sim/Não in Portuguese. */
export const textoCelula = (c: ColunaRelatorio, v: Linha[string] | undefined): string => formatCelulaRelatorio(c.tipo, Array.isArray(v) ? null : v, SIM_NAO);

/** True when the report has more than `max` rows (counting stops there: a count of every match costs a listing). */
async function maisDe<N extends NomeRelatorio>(db: Db, q: ReturnType<Relatorio<N>['consulta']>, max: number): Promise<boolean> {
  const contagem = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${q.contagem ?? q.from} limit ${max + 1}) x`);
  return (contagem?.n ?? 0) > max;
}

/** The PDF's limits: the most rows it prints and, past them, the spreadsheet offered instead (its URL). */
export interface LimitePdf {
  maxLinhas: number;
  planilha: string;
}

/** A PDF refused for size: the limit formatted, the limit and the spreadsheet for a client to offer. */
const pdfGrandeDemais = ({ maxLinhas, planilha }: LimitePdf) =>
  new HttpProblem(422, `O relatório tem mais de ${formatInteiro(maxLinhas)} linhas, o máximo de um PDF: baixe a planilha (XLSX).`, {
    message: 'relatorio.pdfGrandeDemais', params: String(maxLinhas), limite: maxLinhas, alternativa: { formato: 'xlsx', href: planilha },
  });

/** Refuses (422, the spreadsheet offered) before any work when the report has more rows than a PDF prints. */
export async function recusarPdfGrande<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>, limite: LimitePdf) {
  if (await maisDe(db, r.consulta(f), limite.maxLinhas)) throw pdfGrandeDemais(limite);
}

/**
 * The PDF: the authority's header with the title and the filters, a table (landscape when wide), the totals.
 * `aoLer`: told the number of rows once they are read (a background job shows it while the file is laid out).
 */
export async function documentoPdf<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>, limite: LimitePdf, aoLer?: (n: number) => void): Promise<DocumentoPdf> {
  const q = r.consulta(f);
  const linhas = await query<Linha>(db, sql`select ${q.select} ${q.from} order by ${q.orderBy.crescente} limit ${limite.maxLinhas + 1}`);
  if (linhas.length > limite.maxLinhas) throw pdfGrandeDemais(limite);
  aoLer?.(linhas.length);
  const lista = listaDe(r.nome);
  // A list prints as one more column: each item one line (or more, wrapped) inside its row's cell.
  const cols: ColunaRelatorio[] = [...colunasDe(r.nome), ...(lista ? [{ campo: lista.campo, tipo: 'texto' as const }] : [])];
  const titulos: Record<string, [string, number]> = { ...(r.colunas as Record<string, [string, number]>), ...(lista && r.lista ? { [lista.campo]: [r.lista.titulo, r.lista.largura] } : {}) };
  const soma = (await totais(db, r, q)).totais;
  // The platform's long table (Helvetica, lines broken before pdfmake sees them, parts of 250 rows):
  // widths in points shared by the columns' weights, less each column's 8 pt of padding; the
  // fixed-format columns (documents, dates, numbers) never wrap.
  const paisagem = cols.length > 5;
  const util = (paisagem ? 842 : 595) - 72 - cols.length * 8;
  const celulas = linhas.map((l) =>
    cols.map((c) => (c.campo === lista?.campo ? itens(l[c.campo]).map((i) => formatItemRelatorio(lista.colunas, i, SIM_NAO)).join('\n') : textoCelula(c, l[c.campo]))));
  const fontSize = cols.length > 7 ? 7 : 8;
  const tabela = tabelaLonga(
    cols.map((c) => titulos[c.campo]![0]),
    celulas,
    {
      larguras: distribuirLarguras(cols.map((c, j) => ({ titulo: titulos[c.campo]![0], peso: titulos[c.campo]![1], semQuebra: c.tipo !== 'texto', valores: celulas.map((l) => l[j]!) })), util, fontSize),
      semQuebra: cols.map((c) => c.tipo !== 'texto'),
      fontSize,
      vazio: r.vazio,
      ...(soma ? { total: cols.map((c, i) => (c.campo in soma ? textoCelula(c, soma[c.campo]!) : i === 0 ? 'Total' : '')) } : {}),
    },
  );
  const conteudo: Content[] = [tabela];
  if (linhas.length) conteudo.push({ text: `${formatInteiro(linhas.length)} registro(s)`, margin: [0, 6, 0, 0], fontSize: 8 });
  return { titulo: r.titulo, subtitulo: r.filtros(f), conteudo, paisagem };
}

export interface OpcoesPlanilha {
  /** The client's stream (the HTTP response): watched for a reader that stopped taking bytes. */
  cliente?: Writable;
  /** A reader that takes nothing for this long gets the connection closed (the file it reads is let go). */
  ociosoMs: number;
  /** Data rows per sheet (default Excel's limit): beyond, a new sheet. */
  linhasPorFolha?: number;
  /** The most rows a spreadsheet holds: more is refused before the download starts (422). */
  maxLinhas?: number;
  /** Rows per fetch from the cursor. */
  lote?: number;
  /** Embedded: the cursor outside a transaction, so the one connection serves the clerks between batches. */
  retido?: boolean;
  aoFalhar: (e: unknown) => void;
  /** The reader went idle and was cut off. */
  aoAbandonar?: () => void;
}

/** The rows of one sheet: a spreadsheet longer than Excel opens in one sheet is a query to narrow. */
export const MAX_LINHAS_PLANILHA = LINHAS_POR_FOLHA;

/** What the zip may hold unread, uncompressed, before the cursor waits (one batch is ~0.5 MB of XML). */
const PENDENTE_MAX = 1024 * 1024;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
const aVez = () => new Promise((r) => setImmediate(r));

const grandeDemais = (max: number) =>
  new HttpProblem(422, `O relatório tem mais de ${formatInteiro(max)} linhas, o máximo para exportar de uma vez: refine os filtros.`, { message: 'relatorio.planilhaGrandeDemais', params: String(max) });

/**
 * Exports generating at once: each holds a database connection (or, embedded, turns of the one
 * connection) and a core while it runs; one more is refused at once with 503 + Retry-After rather
 * than queued behind them (or in the database pool, where the clerks' searches would meet it).
 */
export class VagasPlanilha {
  private emUso = 0;
  constructor(readonly max: number) {}
  /** A place, or 503; the function returned gives it back (once). */
  tomar(): () => void {
    if (this.emUso >= this.max) {
      throw new HttpProblem(503, 'Outras planilhas estão sendo geradas agora; tente de novo em alguns segundos.', { message: 'relatorio.planilhasOcupadas', retryAfterSeconds: 5 });
    }
    this.emUso++;
    let devolvida = false;
    return () => {
      if (!devolvida) this.emUso--;
      devolvida = true;
    };
  }
  get ocupadas() {
    return this.emUso;
  }
}

/**
 * The spreadsheet. Counted first (over `maxLinhas` → 422 before any byte is sent), then written as
 * fast as the database and the zip go into a temporary file while the client reads that file as it
 * grows: a slow or stalled reader holds disk, never the cursor, its connection or its snapshot. Memory
 * stays flat (a batch of rows, the zip's window). `fim` settles when the rows are all written and the
 * cursor is released — whatever the reader does; `lidas` counts the rows fetched.
 */
export async function planilha<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>, opcoes: OpcoesPlanilha) {
  const { cliente, ociosoMs } = opcoes;
  const maxLinhas = opcoes.maxLinhas ?? MAX_LINHAS_PLANILHA;
  const q = r.consulta(f);
  if (await maisDe(db, q, maxLinhas)) throw grandeDemais(maxLinhas);
  const lista = listaDe(r.nome);
  // A list's items go on rows of their own below their row's cells (the first beside them): the taxpayer once.
  const doGrupo = colunasDe(r.nome);
  const cols = [...doGrupo, ...(lista?.colunas ?? [])];
  const titulos: Record<string, [string, number]> = { ...(r.colunas as Record<string, [string, number]>), ...r.lista?.colunas };
  const tipos: Record<ColunaRelatorio['tipo'], ColunaXlsx['tipo']> = { texto: 'texto', caceal: 'texto', cnpj: 'texto', cpf: 'texto', cnae: 'texto', data: 'data', inteiro: 'inteiro', simNao: 'texto' };
  const arquivo = await arquivoTemporario('cadastro-planilha-');
  const xlsx = planilhaEmFluxo({
    aba: r.titulo,
    titulo: `SEFAZ-AL · ${r.titulo}`,
    filtros: r.filtros(f),
    colunas: cols.map((c) => ({ titulo: titulos[c.campo]![0], tipo: tipos[c.tipo] })),
    linhasPorFolha: opcoes.linhasPorFolha,
  });
  xlsx.saida.pipe(arquivo.escrita);
  const saida = arquivo.leitura;
  const valor = (c: ColunaRelatorio, v: Linha[string] | undefined): string | number | null =>
    c.tipo === 'data' || c.tipo === 'inteiro' ? (v === undefined || v === null || typeof v === 'boolean' || Array.isArray(v) ? null : v) : textoCelula(c, v) || null;
  // The file takes bytes as fast as the disk: waiting on it (and on the zip) keeps memory flat, never waits for the client.
  const atrasado = () => arquivo.escrita.writableNeedDrain || xlsx.pendente() > PENDENTE_MAX;
  const saiu = () => saida.destroyed || arquivo.escrita.destroyed;
  vigiarLeitor(saida, arquivo.lidos, cliente, ociosoMs, opcoes.aoAbandonar);
  let lidas = 0;
  const fim = (async () => {
    try {
      const n = await porCursor<Linha>(db, sql`select ${q.select} ${q.from} order by ${q.orderBy.crescente} limit ${maxLinhas + 1}`, opcoes.lote ?? 2_000, async (linhas) => {
        lidas += linhas.length;
        // Rows added since the count: the file ends with an error rather than silently short.
        if (lidas > maxLinhas) throw grandeDemais(maxLinhas);
        for (const l of linhas) {
          const grupo = doGrupo.map((c) => valor(c, l[c.campo]));
          if (!lista) xlsx.linha(grupo);
          else {
            const sub = itens(l[lista.campo]);
            sub.forEach((item, i) => xlsx.linha([...(i === 0 ? grupo : grupo.map(() => null)), ...lista.colunas.map((c) => valor(c, item[c.campo]))]));
            if (!sub.length) xlsx.linha(grupo);
          }
        }
        while (atrasado() && !saiu()) await dormir(5);
        // A client that went away ends the cursor at once.
        if (saiu()) throw new ClienteSaiu();
        // The clerks' requests get their turn between two batches (embedded, the same thread runs the SQL).
        await aVez();
      }, { retido: opcoes.retido });
      if (n === 0) xlsx.linha([r.vazio]);
      const soma = (await totais(db, r, q)).totais;
      if (soma) xlsx.linha(cols.map((c, i) => (c.campo in soma ? soma[c.campo]! : i === 0 ? 'Total' : null)));
      await xlsx.fechar();
    } catch (e) {
      if (e instanceof ClienteSaiu) {
        // Nobody reads the file any more: both ends closed, so is its descriptor.
        xlsx.saida.destroy();
        arquivo.escrita.destroy();
        return;
      }
      opcoes.aoFalhar(e);
      xlsx.saida.destroy(e as Error);
      arquivo.escrita.destroy(e as Error);
    }
  })();
  return { saida, fim, lidas: () => lidas, folhas: () => xlsx.folhas };
}

/**
 * Cuts off a reader that took nothing for `ociosoMs`: its connection closed, the file it was reading
 * let go (a download kept open for days would keep its file on disk).
 */
function vigiarLeitor(saida: Readable, entregues: () => number, cliente: Writable | undefined, ociosoMs: number, aoAbandonar?: () => void) {
  if (!cliente) return;
  let marca = 0;
  let desde = performance.now();
  const vigia = setInterval(() => {
    if (saida.destroyed || cliente.destroyed || saida.readableEnded) return clearInterval(vigia);
    // Idle: the client's side is full and not one byte went on since the last look.
    if (!cliente.writableNeedDrain || entregues() !== marca) {
      marca = entregues();
      desde = performance.now();
    } else if (performance.now() - desde > ociosoMs) {
      clearInterval(vigia);
      aoAbandonar?.();
      cliente.destroy();
      saida.destroy();
    }
  }, Math.max(10, Math.min(1000, ociosoMs / 4)));
  vigia.unref();
}
