/**
 * The process's Prometheus metrics (prom-client). Modules import the metric they feed from here;
 * the metrics plugin serves the registry on its own port or behind a token, never on the public
 * listener. Labels stay low-cardinality: route patterns, never ids or people.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'recell_' });

export const httpRequestDuration = new Histogram({
  name: 'recell_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** outcome: recorded | already_paid | refused | card_failed | released | release_failed | refunded | error */
export const paymentOutcomes = new Counter({
  name: 'recell_payment_outcomes_total',
  help: 'Sale attempts and money releases by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'recell_job_runs_total',
  help: 'Background job runs by job name and result (ok | failed)',
  labelNames: ['job', 'result'] as const,
  registers: [metricsRegistry],
});

export const jobsRunning = new Gauge({
  name: 'recell_jobs_running',
  help: 'Background jobs this process is running now, by job name (which replica holds a run)',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'recell_job_duration_seconds',
  help: 'Background job run time by job name',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [metricsRegistry],
});

/** The connection pools to report (one per app; tests build several in one process). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const watchedPools = new Set<PoolCounts>();

/** Reports `pool`'s counts in the pool gauges until the returned function is called. */
export const watchDatabasePool = (pool: PoolCounts) => {
  watchedPools.add(pool);
  return () => watchedPools.delete(pool);
};

const poolGauge = (name: string, help: string, count: (pool: PoolCounts) => number) =>
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      let sum = 0;
      for (const pool of watchedPools) sum += count(pool);
      this.set(sum);
    },
  });

// Registered for their side effect: each gauge reads the pools when scraped.
poolGauge('recell_db_pool_connections', 'PostgreSQL connections open in the pool', (pool) => pool.totalCount);
poolGauge('recell_db_pool_idle_connections', 'PostgreSQL connections open and unused', (pool) => pool.idleCount);
poolGauge('recell_db_pool_waiting_requests', 'Queries waiting for a free connection', (pool) => pool.waitingCount);

/**
 * Real-user Core Web Vitals from sampled visits (modules/vitals; decision 0081), one histogram per
 * metric, labelled only by the kind of page (the contract's fixed list). Each metric's buckets
 * include Google's two thresholds (good up to the first, poor past the second), so the share of
 * good visits is one bucket over the count, and p75 interpolates within narrow buckets around them.
 */
const webVitalsHistogram = (name: string, help: string, buckets: number[]) =>
  new Histogram({ name, help, labelNames: ['page'] as const, buckets, registers: [metricsRegistry] });

export const webVitals = {
  // Good ≤ 2.5 s, poor > 4 s.
  LCP: webVitalsHistogram(
    'recell_web_vitals_lcp_seconds',
    'Largest Contentful Paint of sampled visits, by kind of page',
    [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20],
  ),
  // Good ≤ 200 ms, poor > 500 ms.
  INP: webVitalsHistogram(
    'recell_web_vitals_inp_seconds',
    'Interaction to Next Paint of sampled visits, by kind of page',
    [0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
  ),
  // Good ≤ 0.1, poor > 0.25 (unitless).
  CLS: webVitalsHistogram(
    'recell_web_vitals_cls',
    'Cumulative Layout Shift of sampled visits, by kind of page',
    [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.35, 0.5, 0.75, 1, 2],
  ),
  // Good ≤ 1.8 s, poor > 3 s.
  FCP: webVitalsHistogram(
    'recell_web_vitals_fcp_seconds',
    'First Contentful Paint of sampled visits, by kind of page',
    [0.25, 0.5, 0.75, 1, 1.4, 1.8, 2.2, 2.6, 3, 4, 5, 7, 10],
  ),
  // Good ≤ 800 ms, poor > 1.8 s.
  TTFB: webVitalsHistogram(
    'recell_web_vitals_ttfb_seconds',
    'Time to First Byte of sampled visits, by kind of page',
    [0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1, 1.4, 1.8, 2.5, 4, 8],
  ),
} as const;
