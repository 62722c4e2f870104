import { SITUACAO } from '../situacao/contracts.js';
import type { Violacao } from './mensagens.js';

/** The CNPJ's status at the Receita Federal, as the registry keeps it (contribuinte.situacao_pj). */
export const SITUACOES_PJ = ['ATIVA', 'SUSPENSA', 'INAPTA', 'BAIXADA', 'NULA'] as const;

/**
 * A registration is not made ATIVO while its CNPJ is not ATIVA at the Receita unless the clerk was told
 * and confirmed (`confirmado`: the request's confirmarCnpjInapto). Unknown status (null): not judged.
 */
export function violacaoReativacao(situacaoPj: string | null | undefined, situacaoDestino: number, confirmado: boolean | undefined): Violacao | null {
  if (situacaoDestino !== SITUACAO.ATIVO || !situacaoPj || situacaoPj === 'ATIVA' || confirmado) return null;
  return { regra: 'cnpjNaoAtivoNaReceita', campo: 'confirmarCnpjInapto', n: situacaoPj };
}

/**
 * One CNPJ has one Receita status: the registry's copies on each of its registrations (all its
 * registrations are written together) are read as one; should they disagree, the latest registration's
 * (the one the Receita's record was last compared with) is the CNPJ's.
 */
export function situacaoPjDoCnpj(registros: readonly { numeroCaceal: number; situacaoPj: string | null }[]): string | null {
  const comValor = registros.filter((r) => r.situacaoPj);
  return comValor.length ? comValor.reduce((a, b) => (b.numeroCaceal > a.numeroCaceal ? b : a)).situacaoPj : null;
}
