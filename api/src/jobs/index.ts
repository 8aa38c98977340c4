import type { AppConfig } from '../config';
import { createBullQueue, startBullWorker } from './bullmq';
import { createInProcessQueue } from './inProcess';
import type { JobHandlers, JobQueue } from './types';

export type { JobCounts, JobHandlers, JobQueue } from './types';

type Logger = { error(msg: string, meta?: Record<string, unknown>): void };

/**
 * The app's job queue: BullMQ when REDIS_URL is set (and a worker in this process unless
 * JOBS_WORKER=false), otherwise in-process.
 */
export function createJobQueue(config: Pick<AppConfig, 'redisUrl' | 'jobsWorker' | 'jobsPrefix'>, handlers: JobHandlers, logger?: Logger): JobQueue {
  if (!config.redisUrl) return createInProcessQueue(handlers, logger);
  const queue = createBullQueue(config.redisUrl, config.jobsPrefix);
  const worker = config.jobsWorker ? startBullWorker(config.redisUrl, handlers, { logger, prefix: config.jobsPrefix }) : null;
  return {
    enqueue: queue.enqueue,
    idle: queue.idle,
    counts: queue.counts,
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
