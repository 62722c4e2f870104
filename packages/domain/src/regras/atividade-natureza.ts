import { formatCnae } from '../formato/codigos.js';
import type { Violacao } from './mensagens.js';
import { NATUREZA } from './qsa.js';

const divisao = (cnae: string) => Number(cnae.replace(/\D/g, '').slice(0, 2));

/**
 * The one reference table of activities of interest to the ICMS registry, by CNAE 2.3 division (IBGE/CONCLA).
 * Source: LC 87/1996 art. 2º (ICMS on the circulation of goods — food and drink served in bars and
 * restaurants included —, interstate and intermunicipal transport, communication, electric energy) and
 * RICMS-AL (Decreto 35.245/1991) art. 17 on who must register. Section A (agriculture, 01–03: the
 * rural producer), B (mining, 05–09), C (industry, 10–33), D (electricity and gas, 35), G (commerce,
 * 45–47), H's transport of people and goods (49–51, not storage nor mail), I's food service (56) and
 * J's telecommunications (61). What is left (construction, finance, professional, health, education
 * services…) pays ISS to the municipality: outside the State's interest.
 */
export const DIVISOES_INTERESSE_ICMS: readonly (readonly [de: number, ate: number, o: string])[] = [
  [1, 3, 'agropecuária, produção florestal, pesca'], [5, 9, 'indústrias extrativas'], [10, 33, 'indústrias de transformação'],
  [35, 35, 'eletricidade e gás'], [45, 47, 'comércio'], [49, 51, 'transporte intermunicipal e interestadual'],
  [56, 56, 'alimentação (bares e restaurantes)'], [61, 61, 'telecomunicações'],
];

/** Whether an activity (bare `4711302` or written `4711-3/02`) is of interest to the ICMS registry. */
export const atividadeDeInteresseIcms = (cnae: string) => {
  const d = divisao(cnae);
  return DIVISOES_INTERESSE_ICMS.some(([de, ate]) => d >= de && d <= ate);
};

/**
 * CC art. 966 sole paragraph and art. 982: a society is simple only when its object is not an
 * empresário's activity — intellectual, scientific, literary or artistic professions (69 legal and
 * accounting, 71 architecture and engineering, 72 research, 74 design and photography, 75 veterinary,
 * 86 health, 90 arts) — or rural activity, which may stay outside the Junta (art. 971, 984).
 * Industry, commerce, transport… make it a sociedade empresária (206-2), never 224-0.
 */
const DIVISOES_SOCIEDADE_SIMPLES = new Set([1, 2, 3, 69, 71, 72, 74, 75, 86, 90]);
export const atividadeDeSociedadeSimples = (cnae: string) => DIVISOES_SOCIEDADE_SIMPLES.has(divisao(cnae));

/** A Sociedade Simples Limitada (224-0) carrying an empresário's activity: the first one, as the field and the value. */
export function violacaoSociedadeSimples(naturezaJuridicaId: number | null | undefined, atividades: readonly string[]): Violacao | null {
  if (naturezaJuridicaId !== NATUREZA.SOCIEDADE_SIMPLES_LTDA) return null;
  const i = atividades.findIndex((c) => !atividadeDeSociedadeSimples(c));
  return i < 0 ? null : { regra: 'atividadeEmpresariaSociedadeSimples', campo: `${i}.codigoCnae`, n: formatCnae(atividades[i]) };
}
