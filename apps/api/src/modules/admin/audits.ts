import { z } from 'zod';
import { and, count, gte, lt, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEvent, AuditQuery, Authority, PageQuery } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { eventoAuditoria } from '../../db/schema/index.js';
import { orderBy } from '../../platform/paging.js';
import { toIso } from '../../platform/keys.js';

/** Days are Alagoas days (UTC−3, no daylight saving since 2019). */
const dayStart = (day: string) => `${day}T00:00:00-03:00`;
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return t.toISOString().slice(0, 10);
}

const SORTABLE = {
  timestamp: eventoAuditoria.eventDate,
  principal: eventoAuditoria.principal,
  type: eventoAuditoria.eventType,
  data: sql`${eventoAuditoria.data}::text`,
};

/** GET management/audits: persisted audit events in a day window, paged and sorted. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audits', {
      config: { access: [Authority.ADMIN] },
      schema: {
        tags: ['admin'],
        summary: 'Audit events between fromDate and toDate (yyyy-MM-dd, inclusive); total in X-Total-Count',
        querystring: z.intersection(PageQuery, AuditQuery),
        response: { 200: z.array(AuditEvent) },
      },
      handler: async (req, reply) => {
        const q = req.query;
        const where = and(
          gte(eventoAuditoria.eventDate, dayStart(q.fromDate)),
          lt(eventoAuditoria.eventDate, dayStart(nextDay(q.toDate))),
          q.principal ? eq(eventoAuditoria.principal, q.principal.toLowerCase()) : undefined,
          q.type ? eq(eventoAuditoria.eventType, q.type) : undefined,
        );
        const order = orderBy(q.sort, SORTABLE, eventoAuditoria.id, 'timestamp,desc');
        const db = ctx.database.db;
        const [rows, [total]] = await Promise.all([
          db.select().from(eventoAuditoria).where(where).orderBy(...order).limit(q.size).offset(q.page * q.size),
          db.select({ n: count() }).from(eventoAuditoria).where(where),
        ]);
        reply.header('X-Total-Count', String(total?.n ?? 0));
        return rows.map((r) => ({
          id: r.id,
          timestamp: toIso(r.eventDate) ?? '',
          principal: r.principal,
          type: r.eventType,
          data: r.data,
          entity: r.entity,
          entityId: r.entityId,
          before: r.before ?? null,
          after: r.after ?? null,
        }));
      },
    });
  };
}
