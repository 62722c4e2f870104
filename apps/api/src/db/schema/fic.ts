import { bigint, char, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { contribuinte } from './cadastro.js';

/**
 * Every printed FIC: its verification code and a snapshot of what it certified, so the public check
 * shows the certificate as issued even after the registration changed.
 */
export const ficEmissao = pgTable(
  'fic_emissao',
  {
    codigo: char('codigo', { length: 12 }).primaryKey(),
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' }),
    numeroCaceal: integer('numero_caceal').notNull(),
    emitidaEm: timestamp('emitida_em', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The login when the registry's staff printed it (LEITORES_DO_CADASTRO); null for anyone else, signed in or not. */
    emitidaPor: varchar('emitida_por', { length: 50 }),
    conteudo: jsonb('conteudo').notNull(),
  },
  (t) => [index('fic_emissao_caceal_idx').on(t.numeroCaceal, t.emitidaEm)],
);
