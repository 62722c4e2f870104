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

/** Alagoas's whole Correios range (57000-000 to 57999-999): an AL address's CEP even without a municipality. */
export const FAIXA_CEP_AL = { inicio: 57000000, fim: 57999999 } as const;

/**
 * A CEP belongs to the address's municipality (issue 32): outside the Correios range of an Alagoas
 * municipality, refused; towns of other states are not judged. With no municipality, an address in
 * Alagoas (`uf` 'AL') still has a CEP of the State's range (issue 39 §7: a São Paulo CEP passed).
 */
export function violacaoCepMunicipio(cep: string | null | undefined, municipioId: number | null | undefined, uf?: string | null, campo = 'cep'): Violacao | null {
  if (!cep || !/^\d{8}$/.test(cep)) return null;
  const n = Number(cep);
  if (municipioId == null) {
    if (uf !== 'AL' || (n >= FAIXA_CEP_AL.inicio && n <= FAIXA_CEP_AL.fim)) return null;
    return { regra: 'cepForaDaUf', campo, n: `${formatCep(oito(FAIXA_CEP_AL.inicio))} a ${formatCep(oito(FAIXA_CEP_AL.fim))}` };
  }
  const f = FAIXA.get(municipioId);
  if (!f) return null;
  return n >= f.inicio && n <= f.fim ? null : { regra: 'cepForaDoMunicipio', campo, n: `${formatCep(oito(f.inicio))} a ${formatCep(oito(f.fim))}` };
}
