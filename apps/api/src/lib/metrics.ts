import client from 'prom-client';

/**
 * The process's Prometheus metrics (decision 028). One registry per process: a scrape asks one
 * process, and several apps in one process (tests) add to the same counters. Modules record through
 * the helpers below; only plugins/metrics.ts exposes the registry, and only with METRICS_TOKEN.
 */
export const registry = new client.Registry();

const prefix = 'storefront_';
const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new client.Histogram({
  name: `${prefix}http_request_duration_seconds`,
  help: 'HTTP requests by method, route pattern and status; its _count is the request rate',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: seconds,
  registers: [registry],
});

const ordersPlaced = new client.Counter({
  name: `${prefix}orders_placed_total`,
  help: 'Orders created, by fulfilment method and payment method',
  labelNames: ['method', 'payment'] as const,
  registers: [registry],
});

const ordersFailed = new client.Counter({
  name: `${prefix}orders_failed_total`,
  help: 'Order placements refused or failed, by fulfilment method and error code',
  labelNames: ['method', 'code'] as const,
  registers: [registry],
});

const paymentFailures = new client.Counter({
  name: `${prefix}payment_failures_total`,
  help: 'Card payments declined, or not started because the provider failed, by provider',
  labelNames: ['provider', 'reason'] as const,
  registers: [registry],
});

const eventStreams = new client.Gauge({
  name: `${prefix}event_streams_open`,
  help: 'Server-sent event streams open now (live order status, staff order board)',
  registers: [registry],
});

/**
 * Query durations by dialect and statement kind, kept in plain arrays (decision 059): every
 * statement records one, and prom-client's `observe` validates and hashes its label object each
 * time (about 2 % of an order's CPU). A statement's series is found by its SQL text, whose hash the
 * string keeps, so the kind is parsed once per text. Scraped as a histogram like the others.
 */
const queryName = `${prefix}db_query_duration_seconds`;
const queryHelp = 'Database queries by dialect and statement kind';
const queryBounds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
interface QuerySeries {
  labels: { dialect: string; operation: string };
  counts: Float64Array;
  sum: number;
  count: number;
}
const querySeries = new Map<string, QuerySeries>();
const queryTexts = new Map<string, Map<string, QuerySeries>>();

function seriesOf(dialect: string, sqlText: string): QuerySeries {
  let texts = queryTexts.get(dialect);
  if (!texts) {
    texts = new Map();
    queryTexts.set(dialect, texts);
  }
  let series = texts.get(sqlText);
  if (series) return series;
  const operation =
    /^\s*(select|insert|update|delete|with|begin|commit|rollback)/i.exec(sqlText)?.[1]?.toLowerCase() ?? 'other';
  const key = `${dialect}|${operation}`;
  series = querySeries.get(key);
  if (!series) {
    series = { labels: { dialect, operation }, counts: new Float64Array(queryBounds.length), sum: 0, count: 0 };
    querySeries.set(key, series);
  }
  // Texts that differ each call (an `in` list's length) would grow the map without bound.
  if (texts.size >= 2000) texts.clear();
  texts.set(sqlText, series);
  return series;
}

registry.registerMetric({
  name: queryName,
  help: queryHelp,
  type: 'histogram',
  aggregator: 'sum',
  reset() {
    querySeries.clear();
    queryTexts.clear();
  },
  async get() {
    const values = [...querySeries.values()].flatMap(({ labels, counts, sum, count }) => {
      let total = 0;
      return [
        ...queryBounds.map((le, i) => {
          total += counts[i] as number;
          return { labels: { ...labels, le }, value: total, metricName: `${queryName}_bucket` };
        }),
        { labels: { ...labels, le: '+Inf' }, value: count, metricName: `${queryName}_bucket` },
        { labels, value: sum, metricName: `${queryName}_sum` },
        { labels, value: count, metricName: `${queryName}_count` },
      ];
    });
    return { name: queryName, help: queryHelp, type: 'histogram', aggregator: 'sum', values };
  },
} as unknown as client.Metric);

const queryErrors = new client.Counter({
  name: `${prefix}db_query_errors_total`,
  help: 'Database queries that failed, by dialect',
  labelNames: ['dialect'] as const,
  registers: [registry],
});

const jobRuns = new client.Counter({
  name: `${prefix}job_runs_total`,
  help: 'Background job runs, by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

const jobFailures = new client.Counter({
  name: `${prefix}job_failures_total`,
  help: 'Background job runs that failed, by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

const jobDuration = new client.Histogram({
  name: `${prefix}job_duration_seconds`,
  help: 'Background job run time, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

/** What a connection pool tells about itself (pg.Pool's counters). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly ended?: boolean;
  readonly options?: { max?: number };
}

const pools = new Set<PoolStats>();

new client.Gauge({
  name: `${prefix}db_pool_connections`,
  help: 'PostgreSQL pool connections: total, idle, in use, clients waiting for one, and the maximum',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    let max = 0;
    for (const pool of pools) {
      if (pool.ended) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
      max += pool.options?.max ?? 0;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'waiting' }, waiting);
    this.set({ state: 'max' }, max);
  },
});

let processMetrics = false;

/** Node's own metrics (event-loop lag, heap, GC, CPU, open handles), once per process. */
export function enableProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

export const metrics = {
  orderPlaced: (method: string, payment: string) => ordersPlaced.inc({ method, payment }),
  orderFailed: (method: string, code: string) => ordersFailed.inc({ method, code }),
  paymentFailed: (provider: string, reason: 'declined' | 'unavailable') => paymentFailures.inc({ provider, reason }),
  streamOpened: () => eventStreams.inc(),
  streamClosed: () => eventStreams.dec(),
  trackPool: (pool: PoolStats) => void pools.add(pool),
  query(dialect: string, sqlText: string, durationMs: number, failed: boolean) {
    const series = seriesOf(dialect, sqlText);
    const value = durationMs / 1000;
    const bucket = queryBounds.findIndex((bound) => value <= bound);
    if (bucket >= 0) (series.counts[bucket] as number)++;
    series.sum += value;
    series.count++;
    if (failed) queryErrors.inc({ dialect });
  },
  /** Runs a background job, counting the run, its failure and its time; rethrows the failure. */
  async job<T>(job: string, run: () => Promise<T>): Promise<T> {
    jobRuns.inc({ job });
    const end = jobDuration.startTimer({ job });
    try {
      return await run();
    } catch (error) {
      jobFailures.inc({ job });
      throw error;
    } finally {
      end();
    }
  },
};
