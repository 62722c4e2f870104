import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { Metrics, registerHttpMetrics } from './metrics.js';

// Labels resolved per route at registration: each answer counted once, under its route's pattern.
const metrics = new Metrics();
const app = Fastify();
registerHttpMetrics(app, metrics);
app.get('/sfz-cadastro-api/api/coisa/:id', async (req, reply) => reply.code((req.params as { id: string }).id === '0' ? 404 : 200).send({ ok: true }));
app.get('/assets/*', async () => 'arquivo');
await app.register(async (filho) => {
  filho.post('/api/acao', { onResponse: (_req, _reply, done) => done() }, async () => ({ feito: true }));
}, {});
await app.ready();
afterAll(async () => {
  await app.close();
  metrics.stop();
});

describe('HTTP metrics per route', () => {
  it('counts every answer once under its pattern, method and status; unrouted answers as (no route)', async () => {
    for (const url of ['/sfz-cadastro-api/api/coisa/1', '/sfz-cadastro-api/api/coisa/2', '/sfz-cadastro-api/api/coisa/0']) await app.inject({ url });
    await app.inject({ method: 'HEAD', url: '/sfz-cadastro-api/api/coisa/3' });
    await app.inject({ url: '/assets/a.js' });
    await app.inject({ method: 'POST', url: '/api/acao' });
    await app.inject({ url: '/nada/aqui' });
    const porEndpoint = Object.fromEntries((await metrics.snapshot()).http.endpoints.map((e) => [e.endpoint, e.count]));
    expect(porEndpoint).toEqual({
      'GET /sfz-cadastro-api/api/coisa/:id': 3,
      'HEAD /sfz-cadastro-api/api/coisa/:id': 1,
      'GET (static files)': 1,
      'POST /api/acao': 1,
      'GET (no route)': 1,
    });
    expect((await metrics.snapshot()).http.byStatus).toEqual({ 200: 5, 404: 2 });
    const texto = await metrics.registry.metrics();
    expect(texto).toContain('http_server_requests_seconds_count{method="GET",route="/sfz-cadastro-api/api/coisa/:id",status="200"} 2');
    expect(texto).toContain('http_server_requests_seconds_count{method="GET",route="/sfz-cadastro-api/api/coisa/:id",status="404"} 1');
    expect(texto).toContain('http_server_requests_seconds_count{method="GET",route="(no route)",status="404"} 1');
  });
});
