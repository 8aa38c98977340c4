import type { Knex } from 'knex';
import type { AcknowledgeResult } from '@caucus/contract';
import { NotFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { isId, newId } from '../../lib/ids';
import { GIFT_NOT_FOUND, giftsAwaitingThanks } from './ackQueue';
import { renderThankYou, thankYouTemplates, type ThankYouBatch, type ThankYouMessage } from './ackRendering';
import { insertInChunks, organizationOf, peopleByIds, type Gift } from './repository';
import type { SendsService } from './sends';

// Thanking picked gifts: recording that they need no thank-you, or writing the batch of thank-yous
// (emails go out through the send job, letters are printed from the batch's PDF).

export type AcknowledgeInput = { donationIds: string[]; templateId: string | null; channel: 'auto' | 'email' | 'letter' | 'not_needed' };

const CHUNK = 200;

async function recordNotNeeded(trx: Knex.Transaction, accountId: string, actor: AuditActor, gifts: Gift[], now: Date): Promise<void> {
  await trx('donation_acknowledgments').insert(
    gifts.map((gift) => ({ donationId: gift.id, accountId, status: 'not_needed', channel: null, acknowledgedAt: now, createdBy: actor.userId })),
  );
  await recordAudit(
    trx,
    gifts.map((gift) => ({
      accountId,
      actor,
      entityType: 'donation',
      entityId: gift.id,
      action: 'acknowledgment_not_needed',
      after: { acknowledgment: 'not_needed' },
    })),
  );
}

async function insertBatch(trx: Knex.Transaction, batch: ThankYouBatch, templateId: string | null, giftCount: number): Promise<void> {
  const { now } = batch;
  await trx('message_sends').insert({
    id: batch.batchId,
    accountId: batch.accountId,
    kind: 'acknowledgment',
    templateId,
    subject: 'Thank-you batch',
    status: 'sending',
    startedAt: now,
    totalCount: giftCount,
    createdBy: batch.createdBy,
    createdAt: now,
    updatedAt: now,
  });
}

/** The batch of thank-yous for these gifts, its messages and acknowledgments written and audited. */
async function writeThankYous(
  trx: Knex.Transaction,
  accountId: string,
  actor: AuditActor,
  gifts: Gift[],
  choice: { templateId: string | null; channel: ThankYouBatch['channel'] },
  now: Date,
): Promise<{ batchId: string; emailed: number; letters: number }> {
  const templates = await thankYouTemplates(trx, accountId, choice.templateId);
  const people = await peopleByIds(
    trx,
    accountId,
    gifts.map((g) => g.contactId).filter((id): id is string => Boolean(id)),
  );
  const org = await organizationOf(trx, accountId);
  const batch: ThankYouBatch = { accountId, batchId: newId(), channel: choice.channel, org, createdBy: actor.userId, now };
  await insertBatch(trx, batch, choice.templateId, gifts.length);
  const messages: ThankYouMessage[] = [];
  const acks = [];
  for (const gift of gifts) {
    const person = gift.contactId ? (people.get(gift.contactId) ?? null) : null;
    const { message, ack } = await renderThankYou(trx, batch, templates, gift, person);
    messages.push(message);
    acks.push(ack);
  }
  await insertInChunks(trx, 'sent_messages', messages, CHUNK);
  await insertInChunks(trx, 'donation_acknowledgments', acks, CHUNK);
  const emailed = acks.filter((a) => a.channel === 'email').length;
  const letters = acks.length - emailed;
  const batchId = batch.batchId;
  await trx('message_sends').where('id', batchId).update({ emailCount: emailed, letterCount: letters });
  await recordAudit(
    trx,
    acks.map((a) => ({ accountId, actor, entityType: 'donation', entityId: a.donationId, action: 'acknowledge', after: { channel: a.channel, batchId } })),
  );
  return { batchId, emailed, letters };
}

export function createAcknowledge(knex: Knex, sends: Pick<SendsService, 'enqueue'>) {
  return {
    /** Thanks these gifts: an email to donors with an address, a letter for the rest, in one batch. */
    async acknowledge(accountId: string, actor: AuditActor, input: AcknowledgeInput): Promise<AcknowledgeResult> {
      const ids = [...new Set(input.donationIds)];
      if (ids.some((id) => !isId(id))) throw new NotFound(GIFT_NOT_FOUND);
      const result = await knex.transaction(async (trx) => {
        const { gifts, alreadyDone } = await giftsAwaitingThanks(trx, accountId, ids);
        const now = new Date();
        const out: AcknowledgeResult = { batchId: null, emailed: 0, letters: 0, notNeeded: 0, alreadyDone, letterUrl: null };
        if (gifts.length === 0) return out;
        if (input.channel === 'not_needed') {
          await recordNotNeeded(trx, accountId, actor, gifts, now);
          return { ...out, notNeeded: gifts.length };
        }
        const { batchId, emailed, letters } = await writeThankYous(trx, accountId, actor, gifts, { templateId: input.templateId, channel: input.channel }, now);
        return { ...out, batchId, emailed, letters, letterUrl: letters > 0 ? `/api/acknowledgments/letters/${batchId}.pdf` : null };
      });
      if (result.batchId) await sends.enqueue(result.batchId);
      return result;
    },
  };
}
