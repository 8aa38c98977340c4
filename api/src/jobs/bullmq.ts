import { Queue, Worker } from 'bullmq';
import { loggableError } from '../http/errorHandler';
import type { JobCounts, JobHandlers, JobName, JobPayload, JobQueue } from './types';

// BullMQ on Redis (REDIS_URL): the API enqueues, workers (in the API process and/or
// `npm run worker -w @caucus/api`) take jobs. A worker killed mid-job leaves it "active"; BullMQ
// notices the lost lock (stalled job) and hands it to the next worker, and the handler resumes from
// the database.

export const QUEUE_NAME = 'caucus-jobs';

function connectionOf(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname || '127.0.0.1',
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname && url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis; ioredis must not give up on them.
    maxRetriesPerRequest: null,
  };
}

export function createBullQueue(redisUrl: string, prefix = 'caucus'): JobQueue {
  const queue = new Queue<JobPayload, unknown, JobName>(QUEUE_NAME, { connection: connectionOf(redisUrl), prefix });
  // BullMQ's own states folded into the queue's three: a prioritized job or a parent waiting for its
  // children is waiting to run too.
  const counts = async (): Promise<JobCounts> => {
    const bull = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    return { waiting: (bull.waiting ?? 0) + (bull.prioritized ?? 0) + (bull['waiting-children'] ?? 0), active: bull.active ?? 0, delayed: bull.delayed ?? 0 };
  };
  return {
    async enqueue(name, payload, delayMs = 0) {
      await queue.add(name, payload, {
        delay: delayMs,
        removeOnComplete: true,
        removeOnFail: 1000,
        attempts: 5,
        // Half of each doubling wait is random: jobs that failed together (a database node lost under
        // several imports) do not all come back at the same instant.
        backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
      });
    },
    counts,
    async idle() {
      for (;;) {
        if (Object.values(await counts()).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await queue.close();
    },
  };
}

/** The error as the log may hold it (no SQL, no bound values), keeping its code for the operator. */
export function sanitisedError(err: unknown): Error {
  const safe = loggableError(err);
  const clean = Object.assign(new Error(String(safe.error)), safe.code === undefined ? {} : { code: safe.code, errno: safe.errno });
  clean.stack = String(safe.stack ?? clean.stack);
  return clean;
}

type Logger = { error(msg: string, meta?: Record<string, unknown>): void; info?(msg: string, meta?: Record<string, unknown>): void };

export function startBullWorker(redisUrl: string, handlers: JobHandlers, options: { prefix?: string; logger?: Logger; stalledIntervalMs?: number } = {}) {
  const requeue = createBullQueue(redisUrl, options.prefix);
  const worker = new Worker<JobPayload, unknown, JobName>(
    QUEUE_NAME,
    async (job) => {
      try {
        const outcome = await handlers[job.name](job.data);
        if (outcome && outcome.retryAfterMs !== undefined) await requeue.enqueue(job.name, job.data, outcome.retryAfterMs);
      } catch (err) {
        // BullMQ keeps a failed job's message and stack in Redis: only their sanitised form goes there.
        throw sanitisedError(err);
      }
    },
    {
      connection: connectionOf(redisUrl),
      prefix: options.prefix ?? 'caucus',
      concurrency: 1,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      lockDuration: options.stalledIntervalMs ?? 30_000,
    },
  );
  worker.on('failed', (job, err) => options.logger?.error('job failed', { job: job?.name, ...loggableError(err) }));
  return {
    worker,
    async close() {
      await worker.close();
      await requeue.close();
    },
  };
}
