import { formatCep } from '../formato/codigos.js';
import { FAIXAS_CEP } from '../reference/faixas-cep.js';
import type { Violacao } from './mensagens.js';

// Judged in Alagoas only (IBGE 27xxxxx): the table keeps one range per town, and a capital elsewhere may have more.
const FAIXA = new Map(FAIXAS_CEP.filter(([ibge]) => Math.floor(ibge / 100000) === 27).map(([ibge, inicio, fim]) => [ibge, { inicio, fim }]));
const oito = (n: number) => String(n).padStart(8, '0');

/** The municipality (IBGE code) whose Correios range holds the CEP, where the reference table knows it. */
export function municipioDoCep(cep: string | null | undefined): number | null {
  if (!cep || !/^\d{8}$/.test(cep)) return null;
  const n = Number(cep);
  return FAIXAS_CEP.find(([, inicio, fim]) => n >= inicio && n <= fim)?.[0] ?? null;
}

/**
 * A CEP belongs to the address's municipality (issue 32): outside the Correios range of an Alagoas
 * municipality, refused; towns of other states are not judged.
 */
export function violacaoCepMunicipio(cep: string | null | undefined, municipioId: number | null | undefined, campo = 'cep'): Violacao | null {
  if (!cep || !/^\d{8}$/.test(cep) || municipioId == null) return null;
  const f = FAIXA.get(municipioId);
  if (!f) return null;
  const n = Number(cep);
  return n >= f.inicio && n <= f.fim ? null : { regra: 'cepForaDoMunicipio', campo, n: `${formatCep(oito(f.inicio))} a ${formatCep(oito(f.fim))}` };
}
