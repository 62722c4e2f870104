/**
 * Validation messages travel as codes (optionally "code:param"), never as prose, so the API's
 * fieldErrors and the SPA's form errors are translated by the same i18n entry.
 */
export const V = {
  required: 'required',
  minlength: (n: number) => `minlength:${n}`,
  maxlength: (n: number) => `maxlength:${n}`,
  pattern: 'pattern',
  email: 'email',
  /** §5: an empty email has its own text ('Your email is required.'), not the length rule's. */
  emailRequired: 'emailRequired',
  passwordMismatch: 'passwordMismatch',
} as const;

export function parseValidationCode(message: string): { code: string; param?: string } {
  const i = message.indexOf(':');
  return i < 0 ? { code: message } : { code: message.slice(0, i), param: message.slice(i + 1) };
}
