import { z } from 'zod';
import { Authority } from '../roles.js';
import { V } from '../common/messages.js';

/**
 * Roles a person holds for themselves (issue #41 §3, read from §6): any account (ROLE_USER), the
 * taxpayer's own registration (ROLE_CAD_MEU_CADASTRO) and the accountant's statements
 * (ROLE_MAN_MANIFESTACAO, the demo accountant's only role). Every other role acts on other people's
 * records — staff — and needs a second factor at a password sign-in.
 */
export const PAPEIS_AUTOATENDIMENTO: readonly string[] = [Authority.USER, Authority.MEU_CADASTRO, Authority.MAN_MANIFESTACAO];

/** True when an account holding these authorities must sign in with a second factor (TOTP). */
export function exigeSegundoFator(authorities: readonly string[]): boolean {
  return authorities.some((a) => !PAPEIS_AUTOATENDIMENTO.includes(a));
}

/** TOTP as authenticator apps show it (RFC 6238 defaults: 6 digits, 30 s, SHA-1). */
export const TOTP_DIGITOS = 6;
export const TOTP_PERIODO_S = 30;
/** Recovery codes handed out at enrolment, each good once. */
export const CODIGOS_RECUPERACAO = 10;

/** A six-digit code or a recovery code (xxxxx-xxxxx); spaces typed by the user are dropped. */
export const codigoField = z
  .string({ message: V.required })
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, V.required).max(20, V.maxlength(20)).regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, V.pattern));

/** The challenge a correct password earns (401 `desafio`), valid a few minutes. */
const desafioField = z.string({ message: V.required }).min(1, V.required).max(2000, V.maxlength(2000));

export const SegundoFatorDesafio = z.object({ desafio: desafioField });
export type SegundoFatorDesafio = z.infer<typeof SegundoFatorDesafio>;

export const SegundoFatorCodigo = z.object({ desafio: desafioField, codigo: codigoField });
export type SegundoFatorCodigo = z.infer<typeof SegundoFatorCodigo>;

/** What the enrolment screen shows: the QR code (an SVG data URL drawn by the server) and the secret as text. */
export const SegundoFatorInscricao = z.object({ segredo: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type SegundoFatorInscricao = z.infer<typeof SegundoFatorInscricao>;

/** The session of a confirmed enrolment, with the recovery codes — shown this once, never again. */
export const SegundoFatorInscrito = z.object({ id_token: z.string(), codigosRecuperacao: z.array(z.string()) });
export type SegundoFatorInscrito = z.infer<typeof SegundoFatorInscrito>;
