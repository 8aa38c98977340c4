import type { Knex } from 'knex';
import type { Audience } from '@caucus/contract';
import type { JobQueue } from '../../jobs/types';
import { listAudience } from './audience';
import type { Delivery } from './delivery';
import type { SendContext, SendTuning } from './sendContext';
import { createSendJob } from './sendJob';
import { createSendScheduling } from './sendScheduling';
import { counts, createSendViews } from './sendViews';

// The list email service: its parts wired over one delivery, job queue and tuning. Each part is a job
// of its own: who a list reaches (audience.ts), scheduling, tests and cancelling (sendScheduling.ts),
// the job that writes the recipients (sendPrepare.ts) and delivers them (sendJob.ts, sendDelivery.ts,
// envelope.ts), the unsubscribe link (unsubscribe.ts), and what the pages show (sendViews.ts).
// docs/adr/0015-communication-sends-at-most-once.md says how the sending fits together.

export { LIST_NOT_FOUND } from './audience';
export { SEND_NOT_FOUND } from './sendViews';
export type { SendTuning } from './sendContext';

export function createSendsService(knex: Knex, deps: { delivery: Delivery; queue: () => JobQueue | null; tuning: SendTuning }) {
  const context: SendContext = {
    knex,
    delivery: deps.delivery,
    tuning: deps.tuning,
    enqueue: async (sendId, delayMs = 0) => {
      await deps.queue()?.enqueue('message-send', { sendId }, Math.max(0, delayMs));
    },
  };
  const views = createSendViews(knex);
  return {
    counts,
    enqueue: context.enqueue,
    audience: (accountId: string, listId: string): Promise<Audience> => listAudience(knex, accountId, listId),
    ...createSendScheduling(context, views.get),
    ...views,
    ...createSendJob(context),
  };
}

export type SendsService = ReturnType<typeof createSendsService>;
