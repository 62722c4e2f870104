import { z } from 'zod';

/** Problem types the SPA reacts to (§8). Relative URIs: RFC 7807 allows references. */
export const ProblemType = {
  DEFAULT: '/problem/problem-with-message',
  CONSTRAINT_VIOLATION: '/problem/constraint-violation',
  EMAIL_ALREADY_USED: '/problem/email-already-used',
  LOGIN_ALREADY_USED: '/problem/login-already-used',
  EMAIL_NOT_FOUND: '/problem/email-not-found',
  INVALID_PASSWORD: '/problem/invalid-password',
  CONCURRENT_CHANGE: '/problem/concurrent-change',
  /** gestor: the registry has the document, the manager system does not (404). */
  NOT_IN_MANAGER_SYSTEM: '/problem/not-in-manager-system',
  /** gestor: the manager system has the document, the registry does not (404). */
  NOT_IN_REGISTRY: '/problem/not-in-registry',
  /** Sign-in (issue #41 §3): the password was right; send a TOTP or recovery code with the `desafio`. */
  SEGUNDO_FATOR_NECESSARIO: '/problem/segundo-fator-necessario',
  /** Sign-in: the password was right, but a staff account must enrol a second factor first (`desafio`). */
  SEGUNDO_FATOR_INSCRICAO: '/problem/segundo-fator-inscricao',
} as const;

export const FieldErrorSchema = z.object({
  objectName: z.string(),
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** RFC 7807 body with the fields the SPA's error mapping (§8) reads. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  message: z.string().optional(),
  path: z.string().optional(),
  fieldErrors: z.array(FieldErrorSchema).optional(),
  params: z.string().optional(),
  /** A refusal for size: the most the call takes (e.g. a report PDF's rows). */
  limite: z.number().int().optional(),
  /** What to ask for instead (a report PDF refused for size: its spreadsheet, at this URL). */
  alternativa: z.object({ formato: z.literal('xlsx'), href: z.string() }).optional(),
  /** The short-lived sign-in challenge of the two second-factor problems (RFC 7807 extension member). */
  desafio: z.string().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
