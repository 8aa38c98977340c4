import { loggableError } from '../http/errorHandler';
import type { JobHandlers, JobName, JobPayload, JobQueue } from './types';

type Logger = { error(msg: string, meta?: Record<string, unknown>): void };

/**
 * Runs jobs in this process, one at a time, in order. Work is only ever lost with the process, and
 * every handler resumes from the database, so the server re-enqueues unfinished work at start.
 */
export function createInProcessQueue(handlers: JobHandlers, logger?: Logger): JobQueue {
  const queue: { name: JobName; payload: JobPayload }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let running: Promise<void> | null = null;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (running || queue.length > 0 || timers.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const pump = () => {
    if (running || closed) return;
    const next = queue.shift();
    if (!next) {
      settle();
      return;
    }
    running = (async () => {
      try {
        const outcome = await handlers[next.name](next.payload);
        if (outcome && outcome.retryAfterMs !== undefined) schedule(next.name, next.payload, outcome.retryAfterMs);
      } catch (err) {
        // Through the error handler's sanitiser: a failed query's message carries its SQL and bound values.
        logger?.error('job failed', { job: next.name, ...loggableError(err) });
      }
    })().finally(() => {
      running = null;
      setImmediate(pump);
    });
  };

  const schedule = (name: JobName, payload: JobPayload, delayMs: number) => {
    if (closed) return;
    if (delayMs <= 0) {
      queue.push({ name, payload });
      setImmediate(pump);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      queue.push({ name, payload });
      pump();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    async enqueue(name, payload, delayMs = 0) {
      schedule(name, payload, delayMs);
    },
    async counts() {
      return { waiting: queue.length, active: running ? 1 : 0, delayed: timers.size };
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        setImmediate(settle);
      });
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      queue.length = 0;
      if (running) await running;
      settle();
    },
  };
}
