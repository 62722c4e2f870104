import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns of every table staff edit: an optimistic-lock version and creation/update instants. */
export const colunasEdicao = () => ({
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }),
});
