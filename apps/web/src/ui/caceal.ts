import type { TFunction } from 'i18next';
import { onlyDigits, validarNumeroCaceal } from '@cadastro/domain';

/**
 * The §8 text for a CACEAL typed in a field, once its 8 digits are there: the domain's rule (24 +
 * taxpayer type + sequence), worded as the server's 400 would be. Undefined while incomplete or valid.
 */
export function erroCacealDigitado(valor: string | undefined, t: TFunction): string | undefined {
  const d = onlyDigits(valor ?? '');
  if (d.length < 8) return undefined;
  const erro = validarNumeroCaceal(d);
  return erro ? t(`validation.${erro}`) : undefined;
}
