import type { Knex } from 'knex';
import type { DonationAcknowledgmentRow, MessageTemplateRow, SentMessageRow } from '../../db/rows';
import { BadRequest } from '../../http/errors';
import { scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { renderTemplate, type Organization } from './merge';
import type { Gift, Person } from './repository';
import { findTemplateOr400, mergeValuesFor, toTemplate } from './templates';

// Writing one gift's thank-you: the template that fits it, merged for its donor, as an email or a letter.

/** A thank-you as it is stored before delivery. */
export type ThankYouMessage = Omit<SentMessageRow, 'error' | 'nextAttemptAt' | 'claimedAt' | 'sentAt' | 'unsubscribeTokenHash'>;

/** What every thank-you of one batch shares. */
export type ThankYouBatch = {
  accountId: string;
  batchId: string;
  channel: 'auto' | 'email' | 'letter';
  org: Organization;
  createdBy: string | null;
  now: Date;
};

/** The template a campaign's rule picks for a gift: its campaign's before any campaign's, the narrowest amount range first. */
export function pickTemplate(templates: MessageTemplateRow[], gift: Gift): MessageTemplateRow | undefined {
  const fits = templates.filter((t) => {
    if (t.campaignId && t.campaignId !== gift.campaignId) return false;
    if (t.minAmount !== null && t.minAmount !== undefined && gift.amount < Number(t.minAmount)) return false;
    if (t.maxAmount !== null && t.maxAmount !== undefined && gift.amount > Number(t.maxAmount)) return false;
    return true;
  });
  const width = (t: MessageTemplateRow) =>
    (t.maxAmount === null || t.maxAmount === undefined ? Number.MAX_VALUE : Number(t.maxAmount)) - Number(t.minAmount ?? 0);
  return fits.sort((a, b) => Number(Boolean(b.campaignId)) - Number(Boolean(a.campaignId)) || width(a) - width(b) || a.id.localeCompare(b.id))[0];
}

/** The template the user chose, or else every thank-you template (pickTemplate chooses among them per gift). */
export async function thankYouTemplates(trx: Knex.Transaction, accountId: string, templateId: string | null): Promise<MessageTemplateRow[]> {
  return templateId
    ? [await findTemplateOr400(trx, accountId, templateId)]
    : await scoped<MessageTemplateRow>(trx, 'message_templates', accountId).where('purpose', 'acknowledgment');
}

/** One gift's thank-you and its acknowledgment: an email when the donor has a working address (unless letters were asked for), a letter otherwise. */
export async function renderThankYou(
  trx: Knex.Transaction,
  batch: ThankYouBatch,
  templates: MessageTemplateRow[],
  gift: Gift,
  person: Person | null,
): Promise<{ message: ThankYouMessage; ack: DonationAcknowledgmentRow }> {
  const { accountId, batchId, now } = batch;
  const template = pickTemplate(templates, gift);
  if (!template) {
    const message = `No thank-you template fits the gift of ${gift.amount} on ${gift.donationDate}: write one, or choose a template`;
    throw new BadRequest(message, { templateId: message });
  }
  const byEmail = batch.channel !== 'letter' && Boolean(person?.email) && person?.status !== 'bounced';
  const rendered = renderTemplate(toTemplate(template), await mergeValuesFor(trx, accountId, batch.org, person, gift));
  const messageId = newId();
  const message: ThankYouMessage = {
    id: messageId,
    accountId,
    contactId: person?.id ?? null,
    sendId: batchId,
    donationId: gift.id,
    kind: 'acknowledgment',
    channel: byEmail ? 'email' : 'letter',
    toEmail: byEmail ? (person?.email ?? null) : null,
    subject: rendered.subject.slice(0, 255),
    bodyText: rendered.text,
    bodyHtml: rendered.html,
    // A letter's row is the letter: printed from the batch's PDF.
    status: byEmail ? 'queued' : 'printed',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  };
  const ack: DonationAcknowledgmentRow = {
    donationId: gift.id,
    accountId,
    status: 'sent',
    channel: byEmail ? 'email' : 'letter',
    acknowledgedAt: now,
    sendId: batchId,
    messageId,
    createdBy: batch.createdBy,
  };
  return { message, ack };
}
