import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { z } from 'zod';
import {
  FILTROS_RELATORIO, formatCelulaRelatorio, formatInteiro, formatItemRelatorio, LIMITE_CONTAGEM_RELATORIO, RELATORIOS, type ColunaRelatorio, type ListaRelatorio, type NomeRelatorio, type PaginaRelatorio,
} from '@cadastro/domain';
import type { Db } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { porCursor } from '../../db/cursor.js';
import { HttpProblem } from '../../platform/errors/problem.js';
import { tabelaLonga } from '../../platform/pdf/blocos.js';
import { distribuirLarguras } from '../../platform/pdf/layout.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';
import { planilhaEmFluxo, type ColunaXlsx } from '../../platform/xlsx.js';

export type FiltroDe<N extends NomeRelatorio> = z.infer<(typeof FILTROS_RELATORIO)[(typeof RELATORIOS)[N]['filtro']]>;
type Valor = string | number | boolean | null;
type Linha = Record<string, Valor | Record<string, Valor>[]>;

/**
 * What the server adds to a report of the shared catalogue: its words for the printed files (the
 * PDF and the spreadsheet are issued in Portuguese, like every document of the registry) and its SQL.
 * The SQL comes in three parts so the engine can page (select + from + order by), count (from only,
 * stopping at LIMITE_CONTAGEM_RELATORIO) and stream (a cursor over the whole statement).
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
  /** `contagem`: a from-part with the same rows, cheaper to count (a table kept by triggers). */
  consulta(f: FiltroDe<N>): { select: SQL; from: SQL; orderBy: SQL; contagem?: SQL };
  /** The filters as one line for the header of the files. */
  filtros(f: FiltroDe<N>): string;
}

export const relatorio = <N extends NomeRelatorio>(r: Relatorio<N>) => r;

class ClienteSaiu extends Error {}

/** The most rows a PDF prints; beyond it the spreadsheet is the way (pdfmake lays out in memory). */
export const LIMITE_PDF = 20_000;

const colunasDe = (nome: NomeRelatorio): readonly ColunaRelatorio[] => RELATORIOS[nome].colunas;
const listaDe = (nome: NomeRelatorio) => (RELATORIOS[nome] as { lista?: ListaRelatorio }).lista;
const itens = (v: Linha[string] | undefined): Record<string, Valor>[] => (Array.isArray(v) ? v : []);

/** The preview's page: the rows, the count (capped: counting every match costs as much as listing it) and totals. */
export async function pagina<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>, page: number, size: number): Promise<PaginaRelatorio> {
  const q = r.consulta(f);
  // The rows, the count and the totals on their own connections at once: the page waits for the slowest, not the sum.
  const [content, contagem, soma] = await Promise.all([
    query<Linha>(db, sql`select ${q.select} ${q.from} order by ${q.orderBy} limit ${size} offset ${page * size}`),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${q.contagem ?? q.from} limit ${LIMITE_CONTAGEM_RELATORIO + 1}) x`),
    totais(db, r, q),
  ]);
  const n = contagem?.n ?? 0;
  return { content, totalElements: Math.min(n, LIMITE_CONTAGEM_RELATORIO), totalLimitado: n > LIMITE_CONTAGEM_RELATORIO, ...soma };
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

/** The PDF: the authority's header with the title and the filters, a table (landscape when wide), the totals. */
export async function documentoPdf<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>): Promise<DocumentoPdf> {
  const q = r.consulta(f);
  const linhas = await query<Linha>(db, sql`select ${q.select} ${q.from} order by ${q.orderBy} limit ${LIMITE_PDF + 1}`);
  if (linhas.length > LIMITE_PDF) {
    throw new HttpProblem(422, `O relatório tem mais de ${LIMITE_PDF} linhas: use a planilha (XLS).`, { message: 'relatorio.pdfGrandeDemais', params: String(LIMITE_PDF) });
  }
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
  /** The stream the client reads (the HTTP response): its backpressure paces the cursor. */
  cliente?: Writable;
  /** A reader that takes nothing for this long gets the connection closed and the cursor released. */
  ociosoMs: number;
  /** Data rows per sheet (default Excel's limit): beyond, a new sheet. */
  linhasPorFolha?: number;
  /** Rows per fetch from the cursor. */
  lote?: number;
  aoFalhar: (e: unknown) => void;
  /** The reader went idle and was cut off. */
  aoAbandonar?: () => void;
}

class LeitorOcioso extends ClienteSaiu {}

/** What the zip may hold unread, uncompressed, before the cursor waits (one batch is ~0.5 MB of XML). */
const PENDENTE_MAX = 1024 * 1024;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The spreadsheet, streamed: a cursor feeds the workbook writer batch by batch, so memory stays flat.
 * Returns the stream at once (the caller sends it) and fills it in the background; `fim` settles when
 * the cursor's transaction is over, `lidas` counts the rows fetched.
 */
export function planilha<N extends NomeRelatorio>(db: Db, r: Relatorio<N>, f: FiltroDe<N>, opcoes: OpcoesPlanilha) {
  const { cliente, ociosoMs } = opcoes;
  const lista = listaDe(r.nome);
  // A list's items go on rows of their own below their row's cells (the first beside them): the taxpayer once.
  const doGrupo = colunasDe(r.nome);
  const cols = [...doGrupo, ...(lista?.colunas ?? [])];
  const titulos: Record<string, [string, number]> = { ...(r.colunas as Record<string, [string, number]>), ...r.lista?.colunas };
  const tipos: Record<ColunaRelatorio['tipo'], ColunaXlsx['tipo']> = { texto: 'texto', caceal: 'texto', cnpj: 'texto', cpf: 'texto', cnae: 'texto', data: 'data', inteiro: 'inteiro', simNao: 'texto' };
  const xlsx = planilhaEmFluxo({
    aba: r.titulo,
    titulo: `SEFAZ-AL · ${r.titulo}`,
    filtros: r.filtros(f),
    colunas: cols.map((c) => ({ titulo: titulos[c.campo]![0], tipo: tipos[c.tipo] })),
    linhasPorFolha: opcoes.linhasPorFolha,
  });
  const valor = (c: ColunaRelatorio, v: Linha[string] | undefined): string | number | null =>
    c.tipo === 'data' || c.tipo === 'inteiro' ? (v === undefined || v === null || typeof v === 'boolean' || Array.isArray(v) ? null : v) : textoCelula(c, v) || null;
  const saiu = () => xlsx.saida.destroyed || (cliente?.destroyed ?? false);
  // Behind: the client's socket wants draining, or the zip holds too much not yet compressed and sent.
  const atrasado = () => (cliente?.writableNeedDrain ?? false) || xlsx.pendente() > PENDENTE_MAX;
  /** Waits for the reader before the next batch; nothing moving for `ociosoMs` → LeitorOcioso. */
  const esperarLeitor = async () => {
    let marca = '';
    let desde = performance.now();
    while (atrasado() && !saiu()) {
      const agora = `${cliente?.writableLength ?? 0}:${xlsx.pendente()}`;
      if (agora !== marca) {
        marca = agora;
        desde = performance.now();
      } else if (performance.now() - desde > ociosoMs) throw new LeitorOcioso();
      await dormir(Math.min(50, ociosoMs / 4));
    }
    if (saiu()) throw new ClienteSaiu();
  };
  let lidas = 0;
  const q = r.consulta(f);
  const fim = (async () => {
    try {
      const n = await porCursor<Linha>(db, sql`select ${q.select} ${q.from} order by ${q.orderBy}`, opcoes.lote ?? 2_000, async (linhas) => {
        lidas += linhas.length;
        for (const l of linhas) {
          const grupo = doGrupo.map((c) => valor(c, l[c.campo]));
          if (!lista) xlsx.linha(grupo);
          else {
            const sub = itens(l[lista.campo]);
            sub.forEach((item, i) => xlsx.linha([...(i === 0 ? grupo : grupo.map(() => null)), ...lista.colunas.map((c) => valor(c, item[c.campo]))]));
            if (!sub.length) xlsx.linha(grupo);
          }
        }
        // A client that went away or stopped reading ends the cursor and its transaction.
        await esperarLeitor();
      });
      if (n === 0) xlsx.linha([r.vazio]);
      const soma = (await totais(db, r, q)).totais;
      if (soma) xlsx.linha(cols.map((c, i) => (c.campo in soma ? soma[c.campo]! : i === 0 ? 'Total' : null)));
      await xlsx.fechar();
    } catch (e) {
      if (e instanceof LeitorOcioso) {
        opcoes.aoAbandonar?.();
        cliente?.destroy();
        xlsx.saida.destroy();
      }
      if (e instanceof ClienteSaiu) return;
      opcoes.aoFalhar(e);
      xlsx.saida.destroy(e as Error);
    }
  })();
  return { saida: xlsx.saida, fim, lidas: () => lidas, folhas: () => xlsx.folhas };
}
