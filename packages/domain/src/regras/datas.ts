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
