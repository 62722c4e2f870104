/**
 * What the audit trail says, as codes: the server stores and sends a code (in `data.message`) and
 * the SPA words it in the user's language (ARCHITECTURE "Conventions").
 */

/** Event types (the audits screen's "state" column). */
export const AuditType = {
  AUTHENTICATION_SUCCESS: 'AUTHENTICATION_SUCCESS',
  AUTHENTICATION_FAILURE: 'AUTHENTICATION_FAILURE',
  ENTITY_CREATED: 'ENTITY_CREATED',
  ENTITY_UPDATED: 'ENTITY_UPDATED',
  ENTITY_DELETED: 'ENTITY_DELETED',
  PASSWORD_RESET_REQUESTED: 'PASSWORD_RESET_REQUESTED',
  LOGOUT: 'LOGOUT',
  /** A step of a second factor (issue #41 §3): asked for, enrolled, reset; the message says which. */
  SECOND_FACTOR: 'SECOND_FACTOR',
} as const;
export type AuditType = (typeof AuditType)[keyof typeof AuditType];

/** Why an event happened: the value of `data.message` of events written from now on. */
export const AuditMessage = {
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
  USER_NOT_ACTIVATED: 'USER_NOT_ACTIVATED',
  REGISTRATION: 'REGISTRATION',
  NEVER_ACTIVATED: 'NEVER_ACTIVATED',
  ACTIVATION: 'ACTIVATION',
  SETTINGS: 'SETTINGS',
  PASSWORD_CHANGED: 'PASSWORD_CHANGED',
  RESET_KEY_ISSUED: 'RESET_KEY_ISSUED',
  PASSWORD_RESET: 'PASSWORD_RESET',
  CREATED_BY_ADMIN: 'CREATED_BY_ADMIN',
  UPDATED_BY_ADMIN: 'UPDATED_BY_ADMIN',
  DELETED_BY_ADMIN: 'DELETED_BY_ADMIN',
  PERSON_LINKED: 'PERSON_LINKED',
  PERSON_UNLINKED: 'PERSON_UNLINKED',
  DEMO_ACCOUNT: 'DEMO_ACCOUNT',
  FIRST_ADMINISTRATOR: 'FIRST_ADMINISTRATOR',
  GESTOR_SYNC: 'GESTOR_SYNC',
  RECEITA_QUERY: 'RECEITA_QUERY',
  PERSON_EDITED: 'PERSON_EDITED',
  ACCOUNTANT_EDITED: 'ACCOUNTANT_EDITED',
  /** An accountant registered from the taxpayer maintenance (§2 register accountant). */
  ACCOUNTANT_REGISTERED: 'ACCOUNTANT_REGISTERED',
  /** An attorney registered from the taxpayer maintenance (the name typed, §2). */
  ATTORNEY_REGISTERED: 'ATTORNEY_REGISTERED',
  PERSON_FROM_RECEITA: 'PERSON_FROM_RECEITA',
  PENDENCIA_REGULARIZED: 'PENDENCIA_REGULARIZED',
  PENDENCIA_EDITED: 'PENDENCIA_EDITED',
  NOTICE_CREATED: 'NOTICE_CREATED',
  NOTICE_EDITED: 'NOTICE_EDITED',
  NOTICE_DELETED: 'NOTICE_DELETED',
  NOTICE_SIGNED: 'NOTICE_SIGNED',
  NOTICE_PUBLISHED: 'NOTICE_PUBLISHED',
  NOTICE_REPUBLISHED: 'NOTICE_REPUBLISHED',
  STATUS_BY_NOTICE: 'STATUS_BY_NOTICE',
  ACCOUNTANT_CONFIRMED: 'ACCOUNTANT_CONFIRMED',
  ACCOUNTANT_NOT_CONFIRMED: 'ACCOUNTANT_NOT_CONFIRMED',
  ACCOUNTANT_REREGISTERED: 'ACCOUNTANT_REREGISTERED',
  STATEMENTS_GENERATED: 'STATEMENTS_GENERATED',
  REGISTRY_EVENT: 'REGISTRY_EVENT',
  PORTE_PROPAGATED: 'PORTE_PROPAGATED',
  PARTNER_RENAMED: 'PARTNER_RENAMED',
  REGISTRATION_DELETED: 'REGISTRATION_DELETED',
  /** Second factor (issue #41 §3): password right, a code still owed; a code refused; enrolled; a recovery code spent; reset by an administrator. */
  SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED',
  BAD_SECOND_FACTOR: 'BAD_SECOND_FACTOR',
  SECOND_FACTOR_ENROLLED: 'SECOND_FACTOR_ENROLLED',
  RECOVERY_CODE_USED: 'RECOVERY_CODE_USED',
  SECOND_FACTOR_RESET: 'SECOND_FACTOR_RESET',
} as const;
export type AuditMessage = (typeof AuditMessage)[keyof typeof AuditMessage];

/**
 * Rows written before the codes hold these sentences; they are read as the code they stood for,
 * so old rows are worded in the user's language too. Anything else is shown as stored.
 */
const LEGACY_SENTENCES: Readonly<Record<string, AuditMessage>> = {
  'Bad credentials': AuditMessage.BAD_CREDENTIALS,
  'User was not activated': AuditMessage.USER_NOT_ACTIVATED,
  registration: AuditMessage.REGISTRATION,
  'never activated': AuditMessage.NEVER_ACTIVATED,
  activation: AuditMessage.ACTIVATION,
  settings: AuditMessage.SETTINGS,
  'password changed': AuditMessage.PASSWORD_CHANGED,
  'reset key issued': AuditMessage.RESET_KEY_ISSUED,
  'password reset': AuditMessage.PASSWORD_RESET,
  'created by administrator': AuditMessage.CREATED_BY_ADMIN,
  'updated by administrator': AuditMessage.UPDATED_BY_ADMIN,
  'deleted by administrator': AuditMessage.DELETED_BY_ADMIN,
  'demo account': AuditMessage.DEMO_ACCOUNT,
  'first administrator': AuditMessage.FIRST_ADMINISTRATOR,
  'sincronização com o gestor': AuditMessage.GESTOR_SYNC,
  'consulta à Receita Federal': AuditMessage.RECEITA_QUERY,
};

const CODES = new Set<string>(Object.values(AuditMessage));

/** The code a stored `data.message` stands for (a code, or an old row's sentence), else null. */
export function auditMessageCode(stored: string | null | undefined): AuditMessage | null {
  if (!stored) return null;
  if (CODES.has(stored)) return stored as AuditMessage;
  return LEGACY_SENTENCES[stored] ?? null;
}

/** Accounts that are not people: the SPA words them ("autorregistro", "sistema"). */
export const SystemActor = {
  /** Self-registration (the name Spring gave the unauthenticated principal; kept for old rows). */
  ANONYMOUS: 'anonymousUser',
  /** The application itself (seed, purges). */
  SYSTEM: 'system',
} as const;
export type SystemActor = (typeof SystemActor)[keyof typeof SystemActor];

export const isSystemActor = (login: string | null | undefined): login is SystemActor =>
  login === SystemActor.ANONYMOUS || login === SystemActor.SYSTEM;
