import { formatCnae } from '../formato/codigos.js';
import { CNAES_MEI } from '../reference/cnaes-mei.js';
import type { Violacao } from './mensagens.js';
import { PORTE, type Enquadramento } from './porte.js';

const PERMITIDAS = new Set(CNAES_MEI);

/** Whether a CNAE subclass (bare, `4724500`, or written `4724-5/00`) is an occupation allowed to a MEI. */
export const atividadePermitidaMei = (cnae: string) => PERMITIDAS.has(cnae.replace(/\D/g, ''));

/** A registration is a MEI when flagged so or of porte MEI (the same reading as violacaoEnquadramento). */
export const enquadradoComoMei = (e: Pick<Enquadramento, 'ehMei' | 'porteId'>) => e.ehMei || e.porteId === PORTE.MEI;

/**
 * LC 123/2006 art. 18-A § 4º-B and Resolução CGSN 140/2018 art. 100: a MEI carries only the
 * occupations of Anexo XI (principal and secondary alike). The first activity off the list, its
 * position as the field (`{i}.codigoCnae`) and its code written the CONCLA way as the value.
 */
export function violacaoAtividadesMei(atividades: readonly string[]): Violacao | null {
  const i = atividades.findIndex((c) => !atividadePermitidaMei(c));
  return i < 0 ? null : { regra: 'atividadeNaoPermitidaMei', campo: `${i}.codigoCnae`, n: formatCnae(atividades[i]) };
}

/** A refusal of violacaoAtividadesMeiNoEvento: the event's block it concerns, and the violation. */
export interface ViolacaoNoEvento { aba: 'atividades' | 'dadosCadastrais'; violacao: Violacao }

/**
 * The rule on one supertela event, the same for the server and the Salvar dialog. After the event, is
 * the registration a MEI (the porte sent — `undefined` when Dados Cadastrais is not sent — or the one
 * it has)? Then the activities sent must all be allowed; when none are sent but the event makes it a
 * MEI, the stored ones (`atuais`) are judged, the porte named as the field.
 */
export function violacaoAtividadesMeiNoEvento(
  atual: Pick<Enquadramento, 'ehMei' | 'porteId'>,
  porteNovo: number | null | undefined,
  atividades: readonly string[] | undefined,
  atuais: readonly string[] | undefined,
): ViolacaoNoEvento | null {
  const porte = porteNovo === undefined ? atual.porteId : porteNovo;
  if (!enquadradoComoMei({ ehMei: atual.ehMei && porte === PORTE.MEI, porteId: porte })) return null;
  if (atividades) {
    const v = violacaoAtividadesMei(atividades);
    return v && { aba: 'atividades', violacao: v };
  }
  if (porte === atual.porteId) return null;
  const v = violacaoAtividadesMei(atuais ?? []);
  return v && { aba: 'dadosCadastrais', violacao: { ...v, campo: 'porteId' } };
}
