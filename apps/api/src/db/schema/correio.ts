import { bigserial, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Mails received by the built-in SMTP sink (used when SMTP_URL is unset, and by tests). */
export const mensagemCorreio = pgTable(
  'mensagem_correio',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    mailFrom: varchar('mail_from', { length: 320 }),
    mailTo: varchar('mail_to', { length: 1000 }).notNull(),
    subject: varchar('subject', { length: 500 }),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    raw: text('raw').notNull(),
  },
  (t) => [index('mensagem_correio_to_idx').on(t.mailTo, t.receivedAt)],
);
