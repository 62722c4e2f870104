import { seededRng } from '@cadastro/domain';
import { NATUREZA } from './dados.js';

/**
 * The registry's shape, from published figures (docs/domain.md, "The registry's shape"). The Junta Comercial de
 * Alagoas (Juceal) counts the companies it registers; the ICMS registry differs: it also holds rural
 * producers registered with their CPF (never at the Junta), and the companies of other States that are tax
 * substitutes here; it leaves out pure service companies (ISS, not ICMS). The companies' own mix (porte,
 * legal nature) is the Junta's.
 */
export const PUBLICADO = {
  /** Juceal, Oct. 2025: active companies by porte — MEI 59.7 %, ME 29.2 %, EPP 5.4 %, demais 5.7 %. */
  porte: { 3: 0.597, 1: 0.292, 2: 0.054, 4: 0.057 } as Record<number, number>,
  /** Juceal, Sept. 2023 (271,537 active companies): empresários individuais 79.9 %, limitadas 19.0 %, S.A. 0.74 %, cooperativas 0.13 %. */
  natureza: { [NATUREZA.EMPRESARIO]: 0.799, [NATUREZA.LTDA]: 0.19, [NATUREZA.SA_FECHADA]: 0.0074, [NATUREZA.COOPERATIVA]: 0.0013 } as Record<number, number>,
};
/**
 * Registrations held by an individual — the produtor rural pessoa física, CPF and no CNPJ (RICMS-AL). No
 * published count: IBGE's Censo Agropecuário 2017 found about 98,500 farms in Alagoas, most of them family
 * farms; the share below makes them most of the registry's rural producers (the reading).
 */
export const PRODUTOR_PF = 0.06;
/** Of the limitadas started while the EIRELI existed, those that were one (one owner), converted by Lei 14.195/2021 art. 41. */
export const EX_EIRELI = 0.3;
/** Of the rural limitadas, those that chose the Registro Civil (CC art. 984): Sociedade Simples Limitada (224-0). */
export const RURAL_SOCIEDADE_SIMPLES = 0.2;

const naoMei = 1 - PUBLICADO.porte[3]!;
const acoes = PUBLICADO.natureza[NATUREZA.SA_FECHADA]! + PUBLICADO.natureza[NATUREZA.COOPERATIVA]!;
/** Legal nature of a company that is not a MEI (every MEI is an empresário individual, 213-5). */
export const NATUREZA_NAO_MEI: [number, number][] = [
  [NATUREZA.SA_FECHADA, PUBLICADO.natureza[NATUREZA.SA_FECHADA]! / naoMei],
  [NATUREZA.COOPERATIVA, PUBLICADO.natureza[NATUREZA.COOPERATIVA]! / naoMei],
  [NATUREZA.EMPRESARIO, (PUBLICADO.natureza[NATUREZA.EMPRESARIO]! - PUBLICADO.porte[3]!) / naoMei],
  // The rest (the Junta's other natures, 0.2 %) with the limitadas.
  [NATUREZA.LTDA, 1],
];
/** Porte of an empresário or a limitada that is not a MEI (an S.A. or a cooperative is DEMAIS: LC 123 art. 3º § 4º). */
const restante = naoMei - acoes;
export const PORTE_NAO_MEI: [number, number][] = [
  [1, PUBLICADO.porte[1]! / restante], [2, PUBLICADO.porte[2]! / restante], [4, 1],
];

/** Brazil's minimum wage by year (Decretos of each year): an EIRELI's capital was at least 100 of them (CC art. 980-A). */
const SALARIO_MINIMO: Record<number, number> = { 2012: 622, 2013: 678, 2014: 724, 2015: 788, 2016: 880, 2017: 937, 2018: 954, 2019: 998, 2020: 1045, 2021: 1100 };
export const capitalMinimoEireli = (inicio: string) => 100 * (SALARIO_MINIMO[Number(inicio.slice(0, 4))] ?? 1100);
export const SALARIOS_MINIMOS_SQL = Object.entries(SALARIO_MINIMO).map(([a, v]) => `(${a}, ${v})`).join(', ');

/** Tolerances of the shares the coherence check compares (percentage points). */
export const TOLERANCIA_PP = { porte: 3, natureza: 3, naturezaRara: 0.6, produtorPf: 2 };

/**
 * Accountants' portfolios: log-normal, median 110 companies (the figure the issue measured on the
 * registry's real side), sigma 0.8 — a long tail (the largest about ten times the median), never thousands.
 */
export const CARTEIRA = { mediana: 110, sigma: 0.8, media: 110 * Math.exp(0.32) };
/**
 * Registrations with an accountant, per taxpayer: a company's that is not a MEI (1 − 0.597), 85 % of them, with
 * its branches (12 % of them have 1–3) and earlier CACEALs (3 %); half the rural producers'.
 */
const COM_CONTADOR = (1 - PRODUTOR_PF) * naoMei * 0.85 * (1 + 0.12 * 2 + 0.03) + PRODUTOR_PF * 0.5;
/** How many accountants: small registries keep their earlier count (tests pick accountants by portfolio), large ones the portfolio shape. */
export const quantosContadores = (taxpayers: number) =>
  Math.max(10, Math.min(Math.round(taxpayers / 150), 20), Math.round((COM_CONTADOR * taxpayers) / CARTEIRA.media));

/** Cumulative weights of the accountants' portfolios (log-normal), drawn on a PRNG of their own. */
export function carteiras(n: number, seed: number): Float64Array {
  const rng = seededRng(seed ^ 0xc0a7);
  const acc = new Float64Array(n);
  let soma = 0;
  for (let k = 0; k < n; k++) {
    const z = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    soma += Math.exp(CARTEIRA.sigma * z);
    acc[k] = soma;
  }
  for (let k = 0; k < n; k++) acc[k]! /= soma;
  return acc;
}
/** Index whose cumulative weight first passes u. */
export function buscar(acc: Float64Array, u: number): number {
  let [lo, hi] = [0, acc.length - 1];
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (acc[m]! < u) lo = m + 1;
    else hi = m;
  }
  return lo;
}
/** One accountant in twenty is not "apto" at the CRC (k % 20 === 3): none of them keeps an ATIVO registration. */
export const contadorApto = (k: number) => k % 20 !== 3;
