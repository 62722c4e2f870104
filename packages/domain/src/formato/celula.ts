import { formatCpf } from '../documents/cpf.js';
import { formatDocumento } from '../documents/others.js';
import type { ColunaRelatorio, TipoColuna } from '../relatorio/definicoes.js';
import { formatCnae } from './codigos.js';
import { formatInteiro } from './numeros.js';

/** yyyy-MM-dd → dd/MM/yyyy by text, never through Date (ARCHITECTURE rule 5). */
export const formatDia = (v: string | null | undefined): string =>
  v && /^\d{4}-\d{2}-\d{2}/.test(v) ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}` : '';

/**
 * A report cell as the preview, the PDF and the spreadsheet write it: documents masked, CNAE
 * 9999-9/99, days dd/MM/yyyy, counts 1.234, S/N in the reader's words.
 */
export function formatCelulaRelatorio(tipo: TipoColuna, v: string | number | boolean | null | undefined, simNao: { sim: string; nao: string }): string {
  if (v === null || v === undefined || v === '') return '';
  switch (tipo) {
    // A registration's document: a CPF where an individual (produtor rural) holds it, masked as one.
    case 'cnpj': return formatDocumento(String(v));
    case 'cpf': return formatCpf(String(v));
    case 'cnae': return formatCnae(String(v));
    case 'data': return formatDia(String(v));
    case 'inteiro': return formatInteiro(Number(v));
    case 'simNao': return v === true || v === 'S' ? simNao.sim : simNao.nao;
    default: return String(v);
  }
}

/** One sub-row of a report's list (a taxpayer's activity) as one line: its cells formatted, joined by ' · '. */
export function formatItemRelatorio(colunas: readonly ColunaRelatorio[], item: Record<string, string | number | boolean | null>, simNao: { sim: string; nao: string }): string {
  return colunas.map((c) => formatCelulaRelatorio(c.tipo, item[c.campo], simNao)).filter(Boolean).join(' · ');
}
