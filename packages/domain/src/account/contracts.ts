import { z } from 'zod';
import { V } from '../common/messages.js';
import { LANGUAGES } from '../constants.js';

/** §5 login rule: 1-50 of letters, digits and _ ' . @ - */
export const LOGIN_PATTERN = /^[a-zA-Z0-9_'.@-]+$/;

const trimmed = (s: string) => s.trim();

export const loginField = z
  .string({ message: V.required })
  .min(1, V.required)
  .max(50, V.maxlength(50))
  .regex(LOGIN_PATTERN, V.pattern);
export const passwordField = z
  .string({ message: V.required })
  .min(4, V.minlength(4))
  .max(50, V.maxlength(50));
export const emailField = z
  .string({ message: V.emailRequired })
  .transform(trimmed)
  .pipe(z.string().min(1, V.emailRequired).min(5, V.minlength(5)).max(100, V.maxlength(100)).email(V.email));
export const nameField = z.string().max(50, V.maxlength(50)).nullish();
export const langKeyField = z.enum(LANGUAGES, { message: V.required });

export const LoginRequest = z.object({
  username: z.string({ message: V.required }).min(1, V.required).max(50, V.maxlength(50)),
  password: z.string({ message: V.required }).min(1, V.required).max(100, V.maxlength(100)),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ id_token: z.string() });

export const RegisterRequest = z.object({
  login: loginField,
  email: emailField,
  password: passwordField,
  langKey: langKeyField.optional().default('pt-br'),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const Account = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  activated: z.boolean(),
  langKey: z.string(),
  authorities: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdDate: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
  /** Optimistic lock: an edit sends back the version it loaded (stale → 409). */
  version: z.number().int(),
});
export type Account = z.infer<typeof Account>;

/** Settings: what a user may change about their own account. */
export const AccountSettings = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  langKey: langKeyField,
  imageUrl: z.string().max(256, V.maxlength(256)).nullish(),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

export const PasswordChange = z.object({
  currentPassword: z.string({ message: V.required }).min(1, V.required).max(100, V.maxlength(100)),
  newPassword: passwordField,
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const ResetPasswordInit = z.object({ email: emailField });
export const ResetPasswordFinish = z.object({
  key: z.string({ message: V.required }).min(1, V.required).max(20, V.maxlength(20)),
  newPassword: passwordField,
});
export type ResetPasswordFinish = z.infer<typeof ResetPasswordFinish>;

export const ProfileInfo = z.object({
  activeProfiles: z.array(z.string()),
  ribbonEnv: z.string().nullable(),
  version: z.string(),
  apiDocs: z.boolean(),
});
export type ProfileInfo = z.infer<typeof ProfileInfo>;

/** Five-level strength (§5: length and character classes), 0 = none .. 4 = strong. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  let classes = 0;
  if (/[a-z]/.test(password)) classes++;
  if (/[A-Z]/.test(password)) classes++;
  if (/[0-9]/.test(password)) classes++;
  if (/[^a-zA-Z0-9]/.test(password)) classes++;
  let score = classes * 10 + Math.min(password.length, 20) * 2;
  if (password.length <= 6) score = Math.min(score, 10);
  else if (classes === 1) score = Math.min(score, 20);
  if (score < 11) return 0;
  if (score < 25) return 1;
  if (score < 40) return 2;
  if (score < 55) return 3;
  return 4;
}
