import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Reference data changes rarely: answer with a strong ETag and 304 when the browser already has
 * it, and let caches keep it five minutes.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${crypto.createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', 'public, max-age=300');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
