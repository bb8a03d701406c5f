import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (`GET /metrics`): Node's default process metrics and the
 * product's own. Counters are process-wide; gauges sum over the app instances this process
 * runs (tests run two), each registered as a source.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route (the route template) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const conversionsTotal = new Counter({
  name: 'taskgram_conversions_total',
  help: 'Conversion events by result (COMPLETED, DUPLICATE, NOT_NEW, BUDGET, …)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const conversionBatchSize = new Histogram({
  name: 'taskgram_conversion_batch_size',
  help: 'Conversion events per database transaction (group commit under load; 1 when idle)',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [registry],
});

export const clicksTotal = new Counter({
  name: 'taskgram_clicks_total',
  help: 'Showcase starts by outcome (new click, repeated start, refused as not new)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const graphqlFastPathTotal = new Counter({
  name: 'taskgram_graphql_fast_path_total',
  help: 'GraphQL queries answered by the fast path (repeated documents) instead of Apollo',
  registers: [registry],
});

export const jobRunsTotal = new Counter({
  name: 'taskgram_job_runs_total',
  help: 'Background job runs by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const jobFailuresTotal = new Counter({
  name: 'taskgram_job_failures_total',
  help: 'Background job runs that failed, by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const callbackDeliveriesTotal = new Counter({
  name: 'taskgram_reward_callback_deliveries_total',
  help: 'Reward callback delivery attempts by outcome (delivered, retry, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** What an app instance reports for the gauges. */
export interface MetricsSource {
  wsConnections(): number;
  wsSubscriptions(): number;
  pool(): { used: number; free: number; pending: number; max: number };
  /** Ledger transfers ever made, database-wide (the conversion function makes most of them). */
  ledgerTransfers(): Promise<number>;
}
const sources = new Set<MetricsSource>();

/** Registers an app instance's gauges; the returned function unregisters it. */
export function addMetricsSource(source: MetricsSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}
const sum = (f: (s: MetricsSource) => number) => [...sources].reduce((n, s) => n + f(s), 0);

new Gauge({
  name: 'taskgram_ws_connections',
  help: 'Open graphql-ws connections',
  registers: [registry],
  collect() {
    this.set(sum((s) => s.wsConnections()));
  },
});
new Gauge({
  name: 'taskgram_ws_subscriptions',
  help: 'Active GraphQL subscriptions',
  registers: [registry],
  collect() {
    this.set(sum((s) => s.wsSubscriptions()));
  },
});
new Gauge({
  name: 'taskgram_pg_pool_connections',
  help: 'PostgreSQL pool connections by state (used, free, pending acquires, max)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    for (const state of ['used', 'free', 'pending', 'max'] as const) {
      this.set(
        { state },
        sum((s) => s.pool()[state]),
      );
    }
  },
});

new Gauge({
  name: 'taskgram_ledger_transfers',
  help: 'Ledger transfers ever made, database-wide (the same figure on every instance: aggregate with max)',
  registers: [registry],
  async collect() {
    const values = await Promise.all([...sources].map((s) => s.ledgerTransfers().catch(() => 0)));
    this.set(Math.max(0, ...values));
  },
});

/** What a source of figure gauges answers at a scrape: a value for each of its gauges (left out: not known yet). */
export type Figures<K extends string> = Partial<Record<K, number>>;

/**
 * Gauges an area reads at each scrape (from the database, or from what a job last saw): one read
 * for all of them per scrape (shared for a second), and the largest over this process's app
 * instances (tests run two; database-wide figures are the same on each). Returns the function
 * that registers an instance's source (and gives back its unregistration).
 */
export function figureGauges<K extends string>(help: Record<K, string>) {
  const sources = new Set<() => Promise<Figures<K>>>();
  let cached: { at: number; values: Promise<Figures<K>[]> } | undefined;
  const read = () => {
    if (!cached || Date.now() - cached.at > 1000) {
      cached = { at: Date.now(), values: Promise.all([...sources].map((s) => s().catch(() => ({}) as Figures<K>))) };
    }
    return cached.values;
  };
  for (const name of Object.keys(help) as K[]) {
    new Gauge({
      name,
      help: help[name],
      registers: [registry],
      async collect() {
        const values = (await read()).map((v) => v[name]).filter((v): v is number => typeof v === 'number');
        if (values.length) this.set(Math.max(...values));
        else this.reset();
      },
    });
  }
  return (source: () => Promise<Figures<K>>): (() => void) => {
    sources.add(source);
    return () => sources.delete(source);
  };
}

export const jobLastSuccess = new Gauge({
  name: 'taskgram_job_last_success_timestamp_seconds',
  help: 'When each background job last ran without failing in this instance (its start until then). Label job_name: Prometheus keeps job for the scrape target',
  labelNames: ['job_name'] as const,
  registers: [registry],
});

export const jobInterval = new Gauge({
  name: 'taskgram_job_interval_seconds',
  help: 'How often each background job is asked for (a queued job runs in one instance a round)',
  labelNames: ['job_name'] as const,
  registers: [registry],
});

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return given !== '' && timingSafeEqual(a, b);
}
