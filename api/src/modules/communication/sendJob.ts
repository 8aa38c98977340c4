import type { DbTime, MessageSendRow, SentMessageRow } from '../../db/rows';
import type { JobOutcome } from '../../jobs/types';
import { organizationOf } from './repository';
import { instantMs, type SendContext } from './sendContext';
import { createSendDelivery } from './sendDelivery';
import { prepareSend } from './sendPrepare';
import { counts } from './sendViews';

// The job that runs a send (in-process or on a worker): docs/adr/0015-communication-sends-at-most-once.md.

export function createSendJob(context: SendContext) {
  const { knex, tuning, enqueue } = context;
  const { settleInterrupted, runLanes } = createSendDelivery(context);

  /** When to look again at a send with recipients left (after the lease, or at the next retry); null when none is left. */
  async function nextRun(sendId: string): Promise<{ retryAfterMs: number } | null> {
    const left = await counts(knex, sendId);
    if (left.sending > 0) return { retryAfterMs: tuning.leaseMs };
    if (left.queued > 0) {
      const next = await knex('sent_messages').where({ sendId, status: 'queued' }).min({ at: 'nextAttemptAt' }).first<{ at: DbTime | null } | undefined>();
      const at = instantMs(next?.at) || Date.now();
      return { retryAfterMs: Math.max(50, at - Date.now()) };
    }
    return null;
  }

  return {
    /** The job: prepare the recipients if not yet done, then deliver in batches until none is left. */
    async runSendJob(sendId: string): Promise<JobOutcome> {
      const send = await knex<MessageSendRow>('message_sends').where('id', sendId).first();
      if (!send || send.status === 'cancelled' || send.status === 'sent') return;
      if (send.status === 'scheduled') {
        const at = instantMs(send.sendAt);
        if (at > Date.now()) return { retryAfterMs: at - Date.now() };
        await prepareSend(knex, sendId);
      }
      const org = await organizationOf(knex, send.accountId);
      await settleInterrupted(sendId);
      for (;;) {
        const rows: SentMessageRow[] = await knex('sent_messages')
          .where({ sendId, status: 'queued' })
          .where((q) => q.whereNull('nextAttemptAt').orWhere('nextAttemptAt', '<=', new Date()))
          .orderBy('id')
          .limit(tuning.batchSize);
        if (rows.length === 0) break;
        await runLanes(org, rows);
      }
      const next = await nextRun(sendId);
      if (next) return next;
      await knex('message_sends').where({ id: sendId, status: 'sending' }).update({ status: 'sent', finishedAt: new Date(), updatedAt: new Date() });
    },

    /** Sends a stop or crash left unfinished, queued again (in-process jobs live only as long as the process). */
    async resumeUnfinished(): Promise<number> {
      const rows: Pick<MessageSendRow, 'id' | 'sendAt'>[] = await knex('message_sends').whereIn('status', ['scheduled', 'sending']).select('id', 'sendAt');
      for (const row of rows) await enqueue(row.id, instantMs(row.sendAt) - Date.now());
      return rows.length;
    },
  };
}
