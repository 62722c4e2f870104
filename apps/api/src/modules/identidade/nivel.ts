import { ERRO_NIVEL_GOVBR, NIVEL_EXIGIDO, URL_NIVEIS_GOVBR, nivelPermite, type AtoComNivel } from '@cadastro/domain';
import type { Principal } from '../../platform/auth/tokens.js';
import { HttpProblem } from '../../platform/errors/problem.js';

/**
 * A gov.br session below the level the act needs (NIVEL_EXIGIDO, packages/domain) is refused with 403 naming the
 * level and where to raise it; the message key ends with the level needed (error.nivelGovbr.prata). Other sessions are not measured by levels.
 */
export function exigirNivel(principal: Principal, ato: AtoComNivel): void {
  const e = principal.entrada;
  if (e?.metodo !== 'govbr' || nivelPermite(e.nivel ?? 'bronze', ato)) return;
  const exigido = NIVEL_EXIGIDO[ato];
  throw new HttpProblem(403, `Your gov.br account is at level ${e.nivel ?? 'bronze'}; this needs level ${exigido} or higher. Raise it at ${URL_NIVEIS_GOVBR}`, {
    // One key per level needed: the SPA's text names it without parameters.
    message: `${ERRO_NIVEL_GOVBR}.${exigido}`,
    params: exigido,
  });
}
