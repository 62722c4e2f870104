import dayjs from 'dayjs';
import { formatDia, rotuloDocumentos } from '@cadastro/domain';

/** §9: user views show instants as 'dd/MM/yy HH:mm'. */
export const formatInstant = (iso: string | null | undefined) => (iso ? dayjs(iso).format('DD/MM/YY HH:mm') : '');

/** Disk sizes in MB or GB (1 GB threshold, §9). */
export function formatBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 1024 ? `${(mb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} GB` : `${mb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** A day as yyyy-MM-dd from a local Date, never through UTC (Brazil is UTC−3). */
export const toDay = (d: Date) => dayjs(d).format('YYYY-MM-DD');

/** yyyy-MM-dd → dd/MM/yyyy by text, never through Date (§5); money, percentages and codes: @cadastro/domain formato/. */
export const formatDay = formatDia;

const ROTULO_DOCUMENTOS = { CPF: 'contribuinte.cpf', CNPJ: 'contribuinte.cnpj', 'CNPJ/CPF': 'contribuinte.cnpjCpf' } as const;
/** The i18n key naming registration documents: a `cnpj` holds an individual's CPF too (§3). */
export const chaveRotuloDocumentos = (valores: readonly string[]) => ROTULO_DOCUMENTOS[rotuloDocumentos(valores)];
