import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../jobs';
import { isApiPath } from '../http/canonicalPath';
import { SERVED_METHODS } from '../http/methods';
import type { AppState } from '../http/types';

// What an operator watches on a busy night (docs/adr/0013-capacity-and-scale-out.md, "Watching it
// run"): each instance's requests by route and status and how long they took, its requests in flight,
// its database pool (connections busy, requests waiting for one) and the job queue's depth, in
// Prometheus's text format on a port of its own (metrics/server.ts), never on the public one.
// Labels are the route's pattern ('/api/contacts/:id'), never a path, an account or a user: the
// number of series stays that of the routes, and nothing about a customer leaves through them.

/** Seconds: from a cached read (a few ms) to a slow import upload, around the 100 ms and 250 ms budgets. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The part of knex's pool (tarn) read at each scrape. */
type PoolCounts = { numUsed(): number; numFree(): number; numPendingAcquires(): number; numPendingCreates(): number };

export type AppMetrics = {
  registry: Registry;
  /** Counts and times every request (outermost, so it sees the status the client gets). */
  recordRequests(): Middleware<AppState>;
  /** The queue whose depth each scrape reads. */
  watchJobs(queue: JobQueue): void;
  /** The process's own figures (CPU, memory, event-loop delay, GC): for the process that serves them. */
  includeProcessMetrics(): void;
};

/** A layer the routers matched for the request's path (koa-router's `ctx.matched`). */
type MatchedLayer = { path: string | RegExp; methods: string[] };

/**
 * The route a request matched, as its pattern: the most specific route of its path and method (or of
 * its path, for a 405), even when a guard refused it before the route ran (a 401 is counted against
 * '/api/contacts/:id', not the guard's catch-all); 'unmatched' for an unknown API path, 'site' for
 * the rest.
 */
function routeOf(ctx: { path: string; method: string; matched?: MatchedLayer[] }): string {
  const routes = (ctx.matched ?? []).filter((layer): layer is MatchedLayer & { path: string } => layer.methods.length > 0 && typeof layer.path === 'string');
  const ofMethod = routes.filter((layer) => layer.methods.includes(ctx.method));
  const route = (ofMethod.length > 0 ? ofMethod : routes).at(-1);
  if (route) return route.path;
  return isApiPath(ctx.path) ? 'unmatched' : 'site';
}

export function createMetrics({ knex }: { knex?: Knex } = {}): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'caucus_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'caucus_http_request_duration_seconds',
    help: 'Time from a request reaching the API to its answer being decided, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'caucus_http_requests_in_flight', help: 'Requests being worked on now', registers: [registry] });

  if (knex) {
    const pool = () => (knex.client as { pool?: PoolCounts }).pool;
    new Gauge({
      name: 'caucus_db_pool_connections',
      help: "The database pool's connections by state (used, free) and requests waiting for one (pending_acquires, pending_creates)",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const current = pool();
        if (!current) return;
        this.set({ state: 'used' }, current.numUsed());
        this.set({ state: 'free' }, current.numFree());
        this.set({ state: 'pending_acquires' }, current.numPendingAcquires());
        this.set({ state: 'pending_creates' }, current.numPendingCreates());
      },
    });
  }

  let jobs: JobQueue | undefined;
  new Gauge({
    name: 'caucus_jobs',
    help: 'Jobs (imports, sends, duplicate scans) by state: waiting to run, running, or waiting for a later try',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!jobs) return;
      const counts = await jobs.counts();
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });

  let processMetrics = false;
  return {
    registry,
    recordRequests() {
      return async (ctx, next) => {
        const started = process.hrtime.bigint();
        inFlight.inc();
        try {
          await next();
        } finally {
          inFlight.dec();
          // Any other method is refused before routing (http/methods.ts): one series for them all.
          const method = SERVED_METHODS.has(ctx.method) ? ctx.method : 'other';
          const route = routeOf(ctx);
          requests.inc({ method, route, status: String(ctx.status) });
          durations.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
        }
      };
    },
    watchJobs(queue) {
      jobs = queue;
    },
    includeProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, prefix: 'caucus_' });
    },
  };
}
