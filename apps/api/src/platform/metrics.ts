import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
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

  record(method: string, route: string, status: number, ms: number) {
    this.http.observe({ method, route, status: String(status) }, ms / 1000);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const key = `${method} ${route}`;
    const s = this.endpoints.get(key) ?? { count: 0, sumMs: 0, maxMs: 0 };
    s.count++;
    s.sumMs += ms;
    s.maxMs = Math.max(s.maxMs, ms);
    this.endpoints.set(key, s);
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
