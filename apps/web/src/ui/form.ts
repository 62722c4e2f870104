import type { TFunction } from 'i18next';
import type { FieldError as RhfFieldError } from 'react-hook-form';
import { parseValidationCode } from '@cadastro/domain';

/** Translates a shared zod validation code ("maxlength:50") into the field's message. */
export function fieldMessage(t: TFunction, err: RhfFieldError | undefined): string | undefined {
  if (!err?.message) return undefined;
  const { code, param } = parseValidationCode(err.message);
  return t(`validation.${code}`, { n: param, defaultValue: err.message });
}
