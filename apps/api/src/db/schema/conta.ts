import { sql } from 'drizzle-orm';
import {
  bigint, check, bigserial, boolean, index, integer, pgTable, primaryKey, timestamp, varchar,
} from 'drizzle-orm/pg-core';

/** Accounts (§3 Account/user). Login and email are stored lower-case. */
export const usuario = pgTable(
  'usuario',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: varchar('login', { length: 50 }).notNull().unique(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    email: varchar('email', { length: 100 }).notNull().unique(),
    imageUrl: varchar('image_url', { length: 256 }),
    activated: boolean('activated').notNull().default(false),
    langKey: varchar('lang_key', { length: 10 }).notNull().default('pt-br'),
    activationKey: varchar('activation_key', { length: 20 }),
    resetKey: varchar('reset_key', { length: 20 }),
    resetDate: timestamp('reset_date', { withTimezone: true, mode: 'string' }),
    /** Links an account to a registry person (meu-cadastro); the FK arrives with the registry tables. */
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }),
    createdBy: varchar('created_by', { length: 50 }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastModifiedBy: varchar('last_modified_by', { length: 50 }),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true, mode: 'string' }),
    version: integer('version').notNull().default(0),
    /** Bumped when every token of the user must stop working (password changed, deactivated). */
    tokenVersion: integer('token_version').notNull().default(0),
  },
  (t) => [
    index('usuario_nao_ativado_idx').on(t.createdDate).where(sql`not ${t.activated}`),
    check('usuario_login_lower', sql`${t.login} = lower(${t.login})`),
    check('usuario_email_lower', sql`${t.email} = lower(${t.email})`),
    index('usuario_activation_key_idx').on(t.activationKey),
    index('usuario_reset_key_idx').on(t.resetKey),
  ],
);

export const autoridade = pgTable('autoridade', {
  name: varchar('name', { length: 50 }).primaryKey(),
});

export const usuarioAutoridade = pgTable(
  'usuario_autoridade',
  {
    usuarioId: bigint('usuario_id', { mode: 'number' })
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    autoridade: varchar('autoridade', { length: 50 })
      .notNull()
      .references(() => autoridade.name),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.autoridade] })],
);

/** Sign-in attempts, kept in the database so the limit holds across API replicas. */
export const tentativaLogin = pgTable(
  'tentativa_login',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: varchar('login', { length: 100 }).notNull(),
    remoteAddress: varchar('remote_address', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('tentativa_login_login_idx').on(t.login, t.attemptedAt),
    index('tentativa_login_addr_idx').on(t.remoteAddress, t.attemptedAt),
  ],
);


/** Tokens signed out before they expire (by their jti); rows past their expiry are purged. */
export const tokenRevogado = pgTable(
  'token_revogado',
  {
    jti: varchar('jti', { length: 40 }).primaryKey(),
    expiraEm: timestamp('expira_em', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('token_revogado_expira_idx').on(t.expiraEm)],
);

/** A staff account's TOTP (issue #41 §3): the encrypted secret, confirmed at enrolment, the last step used. */
export const segundoFator = pgTable('segundo_fator', {
  usuarioId: bigint('usuario_id', { mode: 'number' })
    .primaryKey()
    .references(() => usuario.id, { onDelete: 'cascade' }),
  segredoCifrado: varchar('segredo_cifrado', { length: 300 }).notNull(),
  confirmadoEm: timestamp('confirmado_em', { withTimezone: true, mode: 'string' }),
  ultimoPasso: bigint('ultimo_passo', { mode: 'number' }),
  criadoEm: timestamp('criado_em', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Recovery codes of a second factor, argon2-hashed, each good once. */
export const codigoRecuperacao = pgTable(
  'codigo_recuperacao',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: bigint('usuario_id', { mode: 'number' })
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    hash: varchar('hash', { length: 200 }).notNull(),
    usadoEm: timestamp('usado_em', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('codigo_recuperacao_usuario_idx').on(t.usuarioId)],
);
