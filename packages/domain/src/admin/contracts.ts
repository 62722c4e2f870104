import { z } from 'zod';
import { V } from '../common/messages.js';
import { Account, emailField, langKeyField, loginField, nameField } from '../account/contracts.js';
import { isAuthority } from '../roles.js';
import { DocumentoPessoa } from '../pessoa/contracts.js';

/** A user as administrators see it: the same shape as the account (§3 Account/user). */
export const AdminUser = Account;
export type AdminUser = z.infer<typeof AdminUser>;

const authoritiesField = z
  .array(z.string().refine(isAuthority, { message: 'unknownAuthority' }))
  .max(64)
  .transform((a) => [...new Set(a)].sort());

export const AdminUserCreate = z.object({
  login: loginField,
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  imageUrl: z.string().max(256, V.maxlength(256)).nullish(),
  langKey: langKeyField.default('pt-br'),
  authorities: authoritiesField,
});
export type AdminUserCreate = z.infer<typeof AdminUserCreate>;

export const AdminUserUpdate = AdminUserCreate.extend({
  id: z.number().int().positive(),
  activated: z.boolean(),
  /** The version the form loaded: a user changed meanwhile by another administrator → 409. */
  version: z.number().int().min(0),
});
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/** Links an account to the registry person of a CPF or CNPJ (typed with or without the mask; check digits verified). */
export const VincularPessoa = z.object({ numeroDocumento: DocumentoPessoa });
export type VincularPessoa = z.infer<typeof VincularPessoa>;

/**
 * The person an account stands for and exactly what the server grants through it, each behind the role the
 * route also asks for (`papel`: whether the account has that role now).
 */
export const VinculoPessoa = z.object({
  numeroPessoa: z.number().int(),
  tipo: z.enum(['F', 'J']),
  numeroDocumento: z.string(),
  nome: z.string(),
  /** Meu cadastro (ROLE_CAD_MEU_CADASTRO): the registrations of this person and of its branches (the first 20, and how many). */
  meuCadastro: z.object({ papel: z.boolean(), cacealList: z.array(z.number().int()), total: z.number().int() }),
  /** The accountant area (AREA_CONTADOR roles): when the person is an accountant, its CRC. */
  contador: z.object({ papel: z.boolean(), crc: z.string(), classificacao: z.string() }).nullable(),
  /**
   * Signing notices (ROLE_CAD_EDITAR_EDITAL): those the person is responsible for, while the access-control system has
   * it in GESTOR_EDITAL (null: that system did not answer); `responsavelEmEdicao` = such notices awaiting a signature.
   */
  edital: z.object({ papel: z.boolean(), equipeGestorEdital: z.boolean().nullable(), responsavelEmEdicao: z.number().int() }),
});
export type VinculoPessoa = z.infer<typeof VinculoPessoa>;
export const VinculoConta = z.object({ login: z.string(), vinculo: VinculoPessoa.nullable() });
export type VinculoConta = z.infer<typeof VinculoConta>;

/** Sort fields the user list accepts (anything else → 400). */
export const USER_SORT_FIELDS = ['id', 'login', 'email', 'firstName', 'lastName', 'langKey', 'activated', 'createdDate', 'lastModifiedBy', 'lastModifiedDate'] as const;

/**
 * §3 Audit: data {message, remoteAddress, …}, principal, timestamp, type; plus the data-change images.
 * `data.message` is an AuditMessage code the SPA words (rows older than the codes may hold an English
 * sentence: see auditMessageCode); the other data entries are its parameters.
 */
export const AuditEvent = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  /** A login, or a SystemActor ('anonymousUser' = self-registration, 'system'). */
  principal: z.string(),
  /** An AuditType. */
  type: z.string(),
  data: z.record(z.string(), z.string()),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
export const AUDIT_SORT_FIELDS = ['timestamp', 'principal', 'type', 'data'] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pattern');

export const AuditQuery = z
  .object({
    fromDate: isoDay,
    toDate: isoDay,
    principal: z.string().max(100).optional(),
    type: z.string().max(60).optional(),
  })
  .refine((q) => q.fromDate <= q.toDate, { path: ['toDate'], message: 'dateRange' });

/** Health (one entry per component; overall DOWN → HTTP 503 with the same body). */
export const HealthStatus = z.enum(['UP', 'DOWN', 'OUT_OF_SERVICE', 'UNKNOWN']);
export type HealthStatus = z.infer<typeof HealthStatus>;
export const HealthComponent = z.object({
  status: HealthStatus,
  details: z.record(z.string(), z.unknown()).optional(),
});
export const Health = z.object({ status: HealthStatus, components: z.record(z.string(), HealthComponent) });
export type Health = z.infer<typeof Health>;

export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const LogLevel = z.enum(LOG_LEVELS);
export const LoggerInfo = z.object({ name: z.string(), level: LogLevel });
export const LoggerChange = z.object({ name: z.string().min(1).max(100), level: LogLevel });

export const GatewayRoute = z.object({
  path: z.string(),
  serviceId: z.string(),
  serviceInstances: z.array(
    z.object({
      uri: z.string(),
      instanceInfo: z.object({ status: z.string() }),
      metadata: z.record(z.string(), z.string()),
    }),
  ),
});
export type GatewayRoute = z.infer<typeof GatewayRoute>;
