import { Queue } from 'bullmq';
import { createBullQueue, QUEUE_NAME } from '../src/jobs/bullmq';
import { createInProcessQueue } from '../src/jobs/inProcess';
import type { JobHandlers } from '../src/jobs';
import { REDIS_URL, redisReachable } from './helpers/workers';

/** Handlers that hold every job until released, so a test can read the queue while one runs. */
function heldHandlers() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async () => {
    await held;
  };
  const handlers: JobHandlers = { import: handler, 'import-undo': handler, 'message-send': handler, 'duplicate-scan': handler };
  return { handlers, release: () => release() };
}

// The metrics' caucus_jobs gauge (api/src/metrics) reads these at each scrape.
describe('job counts', () => {
  it('in-process: one running, the rest waiting, and those asked for later delayed', async () => {
    const { handlers, release } = heldHandlers();
    const queue = createInProcessQueue(handlers);
    try {
      expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0 });
      await queue.enqueue('import', { importId: 'a' });
      await queue.enqueue('import', { importId: 'b' });
      await queue.enqueue('message-send', { sendId: 'c' }, 60_000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await queue.counts()).toEqual({ waiting: 1, active: 1, delayed: 1 });
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 1 });
    } finally {
      await queue.close();
    }
  });

  it("BullMQ: the shared queue's waiting and delayed jobs, whichever instance asks", async () => {
    if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${REDIS_URL} (set REDIS_TEST_URL)`);
    const prefix = `caucus-test-counts-${process.pid}-${Date.now()}`;
    const one = createBullQueue(REDIS_URL, prefix);
    const other = createBullQueue(REDIS_URL, prefix);
    try {
      await one.enqueue('import', { importId: 'a' });
      await one.enqueue('duplicate-scan', { scanId: 'b' }, 60_000);
      await other.enqueue('import', { importId: 'c' });
      // No worker takes them here.
      expect(await one.counts()).toEqual({ waiting: 2, active: 0, delayed: 1 });
      expect(await other.counts()).toEqual({ waiting: 2, active: 0, delayed: 1 });
    } finally {
      await one.close();
      await other.close();
      const cleanup = new Queue(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
      await cleanup.obliterate({ force: true });
      await cleanup.close();
    }
  });
});
