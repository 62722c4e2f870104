import { z } from 'zod';
import { count, desc, ilike } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Authority, PageQuery, SinkMail } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { mensagemCorreio } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors/problem.js';
import { toIso } from '../../platform/keys.js';

/**
 * The built-in SMTP sink's mailbox (admin only): lets an operator — and the browser tests —
 * read account mails when no mail server is configured. Absent when SMTP_URL is set.
 */
export function correioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mail-sink', {
      config: { access: [Authority.ADMIN] },
      schema: {
        tags: ['admin'],
        summary: 'Mails kept by the built-in SMTP sink, newest first (X-Total-Count)',
        querystring: PageQuery.extend({ to: z.string().max(100).optional() }),
        response: { 200: z.array(SinkMail) },
      },
      handler: async (req, reply) => {
        if (ctx.mail.kind !== 'sink') throw notFound('The built-in SMTP sink is not in use (SMTP_URL is set)');
        const { page, size, to } = req.query;
        const where = to ? ilike(mensagemCorreio.mailTo, `%${to.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
        const db = ctx.database.db;
        const [rows, [total]] = await Promise.all([
          db.select().from(mensagemCorreio).where(where).orderBy(desc(mensagemCorreio.id)).limit(size).offset(page * size),
          db.select({ n: count() }).from(mensagemCorreio).where(where),
        ]);
        reply.header('X-Total-Count', String(total?.n ?? 0));
        return rows.map((r) => ({
          id: r.id,
          receivedAt: toIso(r.receivedAt) ?? '',
          mailFrom: r.mailFrom,
          mailTo: r.mailTo,
          subject: r.subject,
          textBody: r.textBody,
        }));
      },
    });
  };
}
