import { codigoRegra, textoRegra, type Violacao } from '@cadastro/domain';
import { fieldProblem } from './problem.js';

/**
 * A domain rule's refusal (issue 30): 400 problem+json, the rule's code as the field error (the SPA
 * words it as it did before sending) and its pt-BR text as the detail. `objeto`/`prefixo` place the
 * field (e.g. 'socios', 'socios.' → socios.0.qualificacaoId).
 */
export function recusaRegra(objeto: string, prefixo: string, v: Violacao) {
  return fieldProblem(objeto, `${prefixo}${v.campo ?? objeto}`, codigoRegra(v), textoRegra(v));
}

/** Throws the first violation found. */
export function exigirRegras(objeto: string, prefixo: string, ...vs: (Violacao | null)[]) {
  const v = vs.find((x) => x);
  if (v) throw recusaRegra(objeto, prefixo, v);
}
