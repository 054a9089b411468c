import client from 'prom-client';

/**
 * The process's Prometheus metrics (decision 028). One registry per process: a scrape asks one
 * process, and several apps in one process (tests) add to the same counters. Modules record through
 * the helpers below; only plugins/metrics.ts exposes the registry, and only with METRICS_TOKEN.
 */
export const registry = new client.Registry();

const prefix = 'storefront_';
const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One labelled series of a {@link BucketHistogram}: an observation is a bucket increment. */
export interface Series {
  observe(value: number): void;
}

/**
 * A Prometheus histogram whose series are looked up once and then kept by the caller (decision
 * 057): prom-client's histogram hashes its label object on every observation, a few percent of a
 * cheap request. Exposed through the same registry and in the same text format as prom-client's.
 */
export class BucketHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, { labels: Record<string, string>; counts: number[]; sum: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {
    registry.registerMetric(this as unknown as client.Metric);
  }

  /** The series of these label values (in `labelNames` order); keep it and observe through it. */
  of(...values: string[]): Series {
    const key = values.join('\u0000');
    let entry = this.series.get(key);
    if (!entry) {
      const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, values[i] ?? '']));
      entry = { labels, counts: new Array(this.bounds.length + 1).fill(0), sum: 0 };
      this.series.set(key, entry);
    }
    const series = entry;
    const { counts } = entry;
    const bounds = this.bounds;
    return {
      observe(value: number) {
        if (!Number.isFinite(value)) return;
        let i = 0;
        while (i < bounds.length && value > (bounds[i] as number)) i++;
        counts[i] = (counts[i] as number) + 1;
        series.sum += value;
      },
    };
  }

  /** prom-client's metric interface: cumulative buckets, then _sum and _count, per series. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum } of this.series.values()) {
      let total = 0;
      counts.forEach((count, i) => {
        total += count;
        const le = i < this.bounds.length ? (this.bounds[i] as number) : '+Inf';
        values.push({ labels: { ...labels, le }, value: total, metricName: `${this.name}_bucket` });
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: total, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset() {
    this.series.clear();
  }
}

export const httpDuration = new BucketHistogram(
  `${prefix}http_request_duration_seconds`,
  'HTTP requests by method, route pattern and status; its _count is the request rate',
  ['method', 'route', 'status'],
  seconds,
);

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

const queryDuration = new BucketHistogram(
  `${prefix}db_query_duration_seconds`,
  'Database queries by dialect and statement kind',
  ['dialect', 'operation'],
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
);

/** The query-time series of each dialect's SQL texts (the same few texts run again and again). */
const seriesOfQuery = new Map<string, Map<string, Series>>();

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
    let texts = seriesOfQuery.get(dialect);
    if (!texts) {
      texts = new Map();
      seriesOfQuery.set(dialect, texts);
    }
    let series = texts.get(sqlText);
    if (!series) {
      const operation = /^\s*(select|insert|update|delete|with|begin|commit|rollback)/i.exec(sqlText)?.[1];
      series = queryDuration.of(dialect, operation?.toLowerCase() ?? 'other');
      // Texts with inlined values (a migration, an admin's DDL) would grow it without end.
      if (texts.size >= 1000) texts.clear();
      texts.set(sqlText, series);
    }
    series.observe(durationMs / 1000);
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
