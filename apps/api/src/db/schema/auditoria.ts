import { bigserial, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One table for every audit event (§3 Audit): authentication events carry `data`
 * (message, remoteAddress); data changes carry entity, entity id and before/after.
 */
export const eventoAuditoria = pgTable(
  'evento_auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    principal: varchar('principal', { length: 100 }).notNull(),
    eventDate: timestamp('event_date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    eventType: varchar('event_type', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 60 }),
    entityId: varchar('entity_id', { length: 60 }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('evento_auditoria_date_idx').on(t.eventDate),
    index('evento_auditoria_principal_idx').on(t.principal, t.eventDate),
    index('evento_auditoria_entity_idx').on(t.entity, t.entityId),
  ],
);

/**
 * LGPD: every read of an individual's page (who, when, which CPF, from which screen). Append-only;
 * an administrator lists it by CPF or by user.
 */
export const leituraPessoa = pgTable(
  'leitura_pessoa',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: varchar('login', { length: 100 }).notNull(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    tela: varchar('tela', { length: 40 }).notNull(),
    dataLeitura: timestamp('data_leitura', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('leitura_pessoa_cpf_idx').on(t.cpf, t.dataLeitura), index('leitura_pessoa_login_idx').on(t.login, t.dataLeitura)],
);
