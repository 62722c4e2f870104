import { hojeEmMaceio } from '../common/dias.js';
import type { CodigoRegra, Violacao } from './mensagens.js';

/** 'yyyy-MM-dd' as written on screen (dd/MM/yyyy), for the messages. */
const naTela = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * A date of the registry is real: not after Maceió's today, nor before the thing it concerns existed
 * (`desde`: the company's start, the pendência's competência, the notice's publication — `regra` says which).
 * Empty dates are another rule's business (required or not).
 */
export function violacaoData(
  dia: string | null | undefined,
  campo: string,
  desde?: { dia: string | null | undefined; regra: Extract<CodigoRegra, 'dataAntesInicioAtividade' | 'dataAntesCompetencia' | 'dataEfeitoAntesPublicacao'> },
  hoje = hojeEmMaceio(),
): Violacao | null {
  if (!dia) return null;
  if (dia > hoje) return { regra: 'dataFutura', campo, n: naTela(hoje) };
  if (desde?.dia && dia < desde.dia) {
    const n = desde.regra === 'dataAntesCompetencia' ? `${desde.dia.slice(5, 7)}/${desde.dia.slice(0, 4)}` : naTela(desde.dia);
    return { regra: desde.regra, campo, n };
  }
  return null;
}

/** MM/yyyy of a day (a competência as written on screen). */
const mesAno = (d: string) => `${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * A pendência's competência (its month, yyyy-MM-01) is a month the registration lived (issue 39 §7:
 * 01/1980 for a company started in 1993, and 12/2031, were stored): not before the month its activity
 * started, not after Maceió's current month. An unknown start is not judged.
 */
export function violacaoCompetencia(competencia: string | null | undefined, inicioAtividade: string | null | undefined, hoje = hojeEmMaceio()): Violacao | null {
  if (!competencia) return null;
  const mes = competencia.slice(0, 7);
  if (mes > hoje.slice(0, 7)) return { regra: 'competenciaFutura', campo: 'competencia', n: mesAno(hoje) };
  if (inicioAtividade && mes < inicioAtividade.slice(0, 7)) return { regra: 'competenciaAntesInicioAtividade', campo: 'competencia', n: mesAno(inicioAtividade) };
  return null;
}
