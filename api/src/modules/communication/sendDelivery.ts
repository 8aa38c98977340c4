import type { SentMessageRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { newId } from '../../lib/ids';
import { isTemporaryFailure, type Envelope } from './delivery';
import { envelopeOf } from './envelope';
import type { Organization } from './merge';
import type { SendContext } from './sendContext';
import { mintUnsubscribeToken, unsubscribeUrl } from './unsubscribe';

// Delivering a send's queued recipients, each at most once:
// docs/adr/0015-communication-sends-at-most-once.md.

const MAX_ATTEMPTS = 5;

export function createSendDelivery({ knex, delivery, tuning }: SendContext) {
  /** Recipients a killed worker left mid-delivery: they may have received it, so they are never sent again. */
  async function settleInterrupted(sendId: string): Promise<void> {
    await knex('sent_messages')
      .where({ sendId, status: 'sending' })
      .where('claimedAt', '<', new Date(Date.now() - tuning.leaseMs))
      .update({ status: 'failed', error: 'Delivery was interrupted; not sent again so that nobody receives it twice', updatedAt: new Date() });
  }

  /** queued -> sending: true only for the worker whose update changed the row, the one that sends it. */
  async function claim(row: SentMessageRow, tokenHash: string | null): Promise<boolean> {
    // The claim stores the link's token hash too, so the link works the moment the message arrives.
    const claimed = await knex('sent_messages')
      .where({ id: row.id, status: 'queued' })
      .update({ status: 'sending', claimedAt: new Date(), attempts: toInt(row.attempts) + 1, unsubscribeTokenHash: tokenHash, updatedAt: new Date() });
    return claimed === 1;
  }

  async function deliverToOutbox(row: SentMessageRow, envelope: Envelope): Promise<void> {
    // No SMTP server: handing the message to the outbox is the delivery, in the same transaction as its state.
    await knex.transaction(async (trx) => {
      await trx('email_outbox').insert({
        id: newId(),
        to: envelope.to,
        subject: envelope.subject,
        text: envelope.text,
        html: envelope.html,
        kind: row.kind === 'list' ? 'list_email' : row.kind,
        createdAt: new Date(),
        sentAt: new Date(),
        error: null,
      });
      await trx('sent_messages').where('id', row.id).update({ status: 'sent', sentAt: new Date(), error: null, updatedAt: new Date() });
    });
  }

  /** A temporary failure is queued again after a doubling wait (MAX_ATTEMPTS in all); a permanent one fails with the server's reason. */
  async function recordFailure(row: SentMessageRow, err: unknown): Promise<void> {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const attempts = toInt(row.attempts) + 1;
    const retry = isTemporaryFailure(err) && attempts < MAX_ATTEMPTS;
    await knex('sent_messages')
      .where('id', row.id)
      .update(
        retry
          ? { status: 'queued', error: reason, nextAttemptAt: new Date(Date.now() + tuning.retryBaseMs * 2 ** (attempts - 1)), updatedAt: new Date() }
          : { status: 'failed', error: reason, updatedAt: new Date() },
      );
  }

  async function deliverBySmtp(send: (message: Envelope) => Promise<void>, row: SentMessageRow, envelope: Envelope): Promise<void> {
    try {
      await send(envelope);
    } catch (err) {
      await recordFailure(row, err);
      return;
    }
    await knex('sent_messages').where('id', row.id).update({ status: 'sent', sentAt: new Date(), error: null, updatedAt: new Date() });
  }

  async function deliverOne(org: Organization, row: SentMessageRow): Promise<void> {
    const withUnsubscribe = row.kind === 'list' || row.kind === 'test';
    const link = withUnsubscribe ? mintUnsubscribeToken() : null;
    if (!(await claim(row, link?.tokenHash ?? null))) return;
    const envelope = envelopeOf(org, row, link ? unsubscribeUrl(tuning.publicUrl, link.token) : null);
    if (!delivery.send) await deliverToOutbox(row, envelope);
    else await deliverBySmtp(delivery.send, row, envelope);
  }

  async function runLanes(org: Organization, rows: SentMessageRow[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (row) await deliverOne(org, row);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, tuning.lanes) }, lane));
  }

  return { settleInterrupted, runLanes };
}
