import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import client from 'prom-client';
import type { Replicas } from '../db/replicas.js';

interface EndpointStat {
  count: number;
  sumMs: number;
  maxMs: number;
}

/**
 * Process metrics from prom-client (scraped at /management/prometheus) plus the per-endpoint
 * figures the metrics screen shows. One registry per app instance, so tests can build many apps.
 */
export class Metrics {
  readonly registry = new client.Registry();
  private readonly http: client.Histogram<'method' | 'route' | 'status'>;
  private readonly endpoints = new Map<string, EndpointStat>();
  private readonly byStatus = new Map<number, number>();
  private readonly loopDelay: IntervalHistogram;
  private eluStart = performance.eventLoopUtilization();

  constructor() {
    client.collectDefaultMetrics({ register: this.registry, prefix: '' });
    this.http = new client.Histogram({
      name: 'http_server_requests_seconds',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
    this.loopDelay.enable();
  }

  /**
   * The recorder of one route, made when the route is registered: its labels are resolved once per
   * method and status (prom-client then only hashes them), its endpoint figures kept by reference.
   * Per request this is two small map reads, instead of a label object, a key string and a lookup.
   */
  paraRota(route: string): (method: string, status: number, ms: number) => void {
    const porMetodo = new Map<string, { endpoint: EndpointStat | undefined; porStatus: Map<number, Record<'method' | 'route' | 'status', string>> }>();
    return (method, status, ms) => {
      let m = porMetodo.get(method);
      if (!m) porMetodo.set(method, (m = { endpoint: undefined, porStatus: new Map() }));
      let labels = m.porStatus.get(status);
      if (!labels) m.porStatus.set(status, (labels = Object.freeze({ method, route, status: String(status) })));
      this.http.observe(labels, ms / 1000);
      this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
      // Listed from its first call on: the screen shows the endpoints that were called.
      let s = m.endpoint;
      if (!s) {
        const key = `${method} ${route}`;
        s = this.endpoints.get(key);
        if (!s) this.endpoints.set(key, (s = { count: 0, sumMs: 0, maxMs: 0 }));
        m.endpoint = s;
      }
      s.count++;
      s.sumMs += ms;
      if (ms > s.maxMs) s.maxMs = ms;
    };
  }

  async snapshot() {
    const mem = process.memoryUsage();
    const elu = performance.eventLoopUtilization(this.eluStart);
    this.eluStart = performance.eventLoopUtilization();
    const gcMetric = await this.registry.getSingleMetric('nodejs_gc_duration_seconds')?.get();
    const gc: Record<string, { count: number; seconds: number }> = {};
    for (const v of gcMetric?.values ?? []) {
      const kind = String(v.labels.kind ?? 'unknown');
      gc[kind] ??= { count: 0, seconds: 0 };
      const name = (v as { metricName?: string }).metricName ?? '';
      if (name.endsWith('_count')) gc[kind].count = v.value;
      if (name.endsWith('_sum')) gc[kind].seconds = v.value;
    }
    const resources: Record<string, number> = {};
    for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
    return {
      memory: { heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, rss: mem.rss, external: mem.external, arrayBuffers: mem.arrayBuffers },
      eventLoop: {
        utilization: elu.utilization,
        lagMeanMs: nsToMs(this.loopDelay.mean),
        lagP50Ms: nsToMs(this.loopDelay.percentile(50)),
        lagP99Ms: nsToMs(this.loopDelay.percentile(99)),
        lagMaxMs: nsToMs(this.loopDelay.max),
      },
      gc,
      http: {
        byStatus: Object.fromEntries([...this.byStatus.entries()].sort((a, b) => a[0] - b[0])),
        endpoints: [...this.endpoints.entries()]
          .map(([k, s]) => ({ endpoint: k, count: s.count, meanMs: s.sumMs / s.count, maxMs: s.maxMs }))
          .sort((a, b) => b.count - a.count),
      },
      activeResources: resources,
      process: { uptimeSeconds: process.uptime(), pid: process.pid, node: process.version, cpu: process.cpuUsage() },
    };
  }

  /** Each replica's lag and rotation, and where the reads of GET requests went, at every scrape. */
  observeReplicas(replicas: Replicas) {
    const registers = [this.registry];
    new client.Gauge({
      name: 'cadastro_db_replica_lag_seconds',
      help: 'How far each hot-standby replica is behind the primary (absent while it does not answer)',
      labelNames: ['replica'],
      registers,
      collect() {
        this.reset();
        for (const r of replicas.estado()) if (r.lagMs !== null) this.set({ replica: r.replica }, r.lagMs / 1000);
      },
    });
    new client.Gauge({
      name: 'cadastro_db_replica_in_rotation',
      help: '1 while a replica takes reads, 0 while it is down or too far behind',
      labelNames: ['replica'],
      registers,
      collect() {
        for (const r of replicas.estado()) this.set({ replica: r.replica }, r.inRotation ? 1 : 0);
      },
    });
    new client.Counter({
      name: 'cadastro_db_read_statements_total',
      help: 'Statements of GET requests by where they ran: replica, primary (no replica had the client\'s last write), fallback (a replica failed; the primary answered)',
      labelNames: ['target'],
      registers,
      collect() {
        this.reset();
        this.inc({ target: 'replica' }, replicas.contagem.replica);
        this.inc({ target: 'primary' }, replicas.contagem.primario);
        this.inc({ target: 'fallback' }, replicas.contagem.devolvidas);
      },
    });
  }

  stop() {
    this.loopDelay.disable();
    this.registry.clear();
  }
}

const nsToMs = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);

const API_ROUTE = /^\/(api|management|sfz-cadastro-api)(\/|$)/;
/** A route's label: the API's by their pattern; the SPA's static files are one bucket (the screen is about the API). */
export const rotuloDaRota = (url: string | undefined) => (url && API_ROUTE.test(url) ? url : url ? '(static files)' : '(no route)');
const NOSSO = Symbol('metricas');

/**
 * The HTTP figures of every answer. Each route gets its own onResponse hook, made when it is
 * registered with its label resolved (no per-request route lookup, pattern test or label object);
 * the global hook only counts the answers no route took (404s). Register before the routes.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRoute', (route) => {
    const antes = route.onResponse === undefined ? [] : [route.onResponse].flat();
    if (antes.some((h) => NOSSO in h)) return;
    const registrar = metrics.paraRota(rotuloDaRota(route.url));
    const hook: onResponseHookHandler = Object.assign((req: Parameters<onResponseHookHandler>[0], reply: Parameters<onResponseHookHandler>[1], done: () => void) => {
      registrar(req.method, reply.statusCode, reply.elapsedTime);
      done();
    }, { [NOSSO]: true });
    // A new array: the HEAD twin of a GET was copied from these options and gets its own hook.
    route.onResponse = [...antes, hook];
  });
  const semRota = metrics.paraRota(rotuloDaRota(undefined));
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404) semRota(req.method, reply.statusCode, reply.elapsedTime);
    done();
  });
}
