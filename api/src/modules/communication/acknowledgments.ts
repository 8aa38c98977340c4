import type { Knex } from 'knex';
import type { AcknowledgeResult, AcknowledgmentRow, AcknowledgmentsPage, AcknowledgmentStatus, ContactAcknowledgment, ReceivedMessage } from '@caucus/contract';
import type { ContactRow, DbTime, DonationAcknowledgmentRow, DonationRow, EmailUnsubscribeRow, MessageTemplateRow, SentMessageRow } from '../../db/rows';
import { toInt, toIsoDate, toIsoDateTime } from '../../db/values';
import { BadRequest, NotFound } from '../../http/errors';
import { findOwnedOr404, scoped } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { isId, newId } from '../../lib/ids';
import { renderTemplate } from './merge';
import { giftColumns, giftsQuery, organizationOf, peopleByIds, type Gift, type GiftRow } from './repository';
import type { SendsService } from './sends';
import { mergeValuesFor, toGift, toTemplate, yearValues } from './templates';

export const GIFT_NOT_FOUND = 'Gift not found';
const DAY_MS = 86_400_000;

/** A gift waiting for (or given) its thank-you, with the donor and the acknowledgment (null while pending). */
type AckListRow = GiftRow &
  Pick<ContactRow, 'firstName' | 'lastName' | 'primaryEmail'> & {
    ackStatus: DonationAcknowledgmentRow['status'] | null;
    ackChannel: DonationAcknowledgmentRow['channel'];
    ackAt: DbTime | null;
  };
/** A contact's gift with its acknowledgment's columns (null while pending). */
type ContactGiftRow = Pick<DonationRow, 'id' | 'donationAmount' | 'donationDate'> & {
  status: DonationAcknowledgmentRow['status'] | null;
  channel: DonationAcknowledgmentRow['channel'];
  acknowledgedAt: DbTime | null;
};
/** COUNT comes back as a number, text or a bigint depending on the engine: read it with toInt. */
type CountRow = { n: unknown };

export type AckQuery = {
  status: AcknowledgmentStatus;
  campaignId?: string;
  method?: string;
  minAmount?: number;
  maxAmount?: number;
  page: number;
  pageSize: number;
};

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Whole days from a gift's day to today (both calendar days). */
const daysBetween = (from: string, to: string) => Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS));

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

export function createAcknowledgmentsService(knex: Knex, sends: SendsService) {
  return {
    async list(accountId: string, query: AckQuery): Promise<AcknowledgmentsPage> {
      const base = () => {
        const q = giftsQuery(knex, accountId)
          .leftJoin('donation_acknowledgments as ack', 'ack.donationId', 'donations.id')
          .leftJoin('contacts', 'contacts.id', 'donations.contactId');
        if (query.status === 'pending') q.whereNull('ack.donationId');
        else q.where('ack.status', query.status);
        if (query.campaignId) q.where('donations.campaignId', query.campaignId);
        if (query.method) q.where('donations.paymentMethod', query.method);
        if (query.minAmount !== undefined) q.where('donations.donationAmount', '>=', query.minAmount);
        if (query.maxAmount !== undefined) q.where('donations.donationAmount', '<=', query.maxAmount);
        return q;
      };
      const order = query.status === 'pending' ? 'asc' : 'desc';
      const [rows, total]: [AckListRow[], CountRow | undefined] = await Promise.all([
        base()
          .orderBy([
            { column: 'donations.donationDate', order },
            { column: 'donations.id', order },
          ])
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .select([
            ...giftColumns(knex),
            'contacts.firstName',
            'contacts.lastName',
            'contacts.primaryEmail',
            'ack.status as ackStatus',
            'ack.channel as ackChannel',
            'ack.acknowledgedAt as ackAt',
          ]),
        base().count({ n: '*' }).first<CountRow | undefined>(),
      ]);
      const today = todayUtc();
      const acknowledgments: AcknowledgmentRow[] = rows.map((row) => {
        const gift = toGift(row);
        return {
          donationId: gift.id,
          contactId: gift.contactId,
          contactName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || 'Anonymous',
          email: row.primaryEmail || null,
          amount: gift.amount,
          donationDate: gift.donationDate,
          paymentMethod: gift.paymentMethod,
          campaignId: gift.campaignId,
          campaignName: gift.campaignName,
          status: row.ackStatus || 'pending',
          channel: row.ackChannel || null,
          acknowledgedAt: toIsoDateTime(row.ackAt),
          daysWaiting: row.ackStatus ? 0 : daysBetween(gift.donationDate, today),
        };
      });
      return { acknowledgments, total: toInt(total?.n), page: query.page, pageSize: query.pageSize };
    },

    /** Thanks these gifts: an email to donors with an address, a letter for the rest, in one batch. */
    async acknowledge(
      accountId: string,
      actor: AuditActor,
      input: { donationIds: string[]; templateId: string | null; channel: 'auto' | 'email' | 'letter' | 'not_needed' },
    ): Promise<AcknowledgeResult> {
      const ids = [...new Set(input.donationIds)];
      if (ids.some((id) => !isId(id))) throw new NotFound(GIFT_NOT_FOUND);
      const result = await knex.transaction(async (trx) => {
        const rows: GiftRow[] = await giftsQuery(trx, accountId).whereIn('donations.id', ids).select(giftColumns(trx));
        if (rows.length !== ids.length) throw new NotFound(GIFT_NOT_FOUND);
        const done = new Set(((await trx('donation_acknowledgments').whereIn('donationId', ids).pluck('donation_id')) as unknown[]).map(String));
        const gifts = rows.map(toGift).filter((gift) => !done.has(gift.id));
        const now = new Date();
        const out: AcknowledgeResult = { batchId: null, emailed: 0, letters: 0, notNeeded: 0, alreadyDone: done.size, letterUrl: null };
        if (gifts.length === 0) return out;

        if (input.channel === 'not_needed') {
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
          return { ...out, notNeeded: gifts.length };
        }

        const templates = input.templateId
          ? [
              await findOwnedOr404<MessageTemplateRow>(trx, 'message_templates', accountId, input.templateId, 'Template not found').catch(() => {
                throw new BadRequest('Template not found', { templateId: 'Template not found' });
              }),
            ]
          : await scoped<MessageTemplateRow>(trx, 'message_templates', accountId).where('purpose', 'acknowledgment');
        const people = await peopleByIds(
          trx,
          accountId,
          gifts.map((g) => g.contactId).filter((id): id is string => Boolean(id)),
        );
        const org = await organizationOf(trx, accountId);
        const batchId = newId();
        await trx('message_sends').insert({
          id: batchId,
          accountId,
          kind: 'acknowledgment',
          templateId: input.templateId,
          subject: 'Thank-you batch',
          status: 'sending',
          startedAt: now,
          totalCount: gifts.length,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        const messages: Omit<SentMessageRow, 'error' | 'nextAttemptAt' | 'claimedAt' | 'sentAt' | 'unsubscribeTokenHash'>[] = [];
        const acks: DonationAcknowledgmentRow[] = [];
        for (const gift of gifts) {
          const template = pickTemplate(templates, gift);
          if (!template) {
            const message = `No thank-you template fits the gift of ${gift.amount} on ${gift.donationDate}: write one, or choose a template`;
            throw new BadRequest(message, { templateId: message });
          }
          const person = gift.contactId ? (people.get(gift.contactId) ?? null) : null;
          const byEmail = input.channel !== 'letter' && Boolean(person?.email) && person?.status !== 'bounced';
          const rendered = renderTemplate(toTemplate(template), await mergeValuesFor(trx, accountId, org, person, gift));
          const messageId = newId();
          messages.push({
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
          });
          acks.push({
            donationId: gift.id,
            accountId,
            status: 'sent',
            channel: byEmail ? 'email' : 'letter',
            acknowledgedAt: now,
            sendId: batchId,
            messageId,
            createdBy: actor.userId,
          });
        }
        for (let i = 0; i < messages.length; i += 200) await trx('sent_messages').insert(messages.slice(i, i + 200));
        for (let i = 0; i < acks.length; i += 200) await trx('donation_acknowledgments').insert(acks.slice(i, i + 200));
        const emailed = acks.filter((a) => a.channel === 'email').length;
        const letters = acks.length - emailed;
        await trx('message_sends').where('id', batchId).update({ emailCount: emailed, letterCount: letters });
        await recordAudit(
          trx,
          acks.map((a) => ({
            accountId,
            actor,
            entityType: 'donation',
            entityId: a.donationId,
            action: 'acknowledge',
            after: { channel: a.channel, batchId },
          })),
        );
        return { ...out, batchId, emailed, letters, letterUrl: letters > 0 ? `/api/acknowledgments/letters/${batchId}.pdf` : null };
      });
      if (result.batchId) await sends.enqueue(result.batchId);
      return result;
    },

    /** One letter per donor of the year, listing that year's gifts (the receipt donors keep for taxes). */
    async yearEnd(accountId: string, actor: AuditActor, input: { year: number; templateId: string }): Promise<AcknowledgeResult> {
      return knex.transaction(async (trx) => {
        const template = await findOwnedOr404<MessageTemplateRow>(trx, 'message_templates', accountId, input.templateId, 'Template not found').catch(() => {
          throw new BadRequest('Template not found', { templateId: 'Template not found' });
        });
        const contactIds = (
          (await giftsQuery(trx, accountId)
            .whereNotNull('donations.contactId')
            .whereBetween('donations.donationDate', [`${input.year}-01-01`, `${input.year}-12-31`])
            .distinct('donations.contactId')
            .pluck('donations.contact_id')) as unknown[]
        ).map(String);
        const empty: AcknowledgeResult = { batchId: null, emailed: 0, letters: 0, notNeeded: 0, alreadyDone: 0, letterUrl: null };
        if (contactIds.length === 0) return empty;
        const people = await peopleByIds(trx, accountId, contactIds);
        const org = await organizationOf(trx, accountId);
        const batchId = newId();
        const now = new Date();
        await trx('message_sends').insert({
          id: batchId,
          accountId,
          kind: 'year_end',
          templateId: template.id,
          subject: `Year-end summary ${input.year}`,
          status: 'sent',
          startedAt: now,
          finishedAt: now,
          totalCount: people.size,
          letterCount: people.size,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        const rows: Omit<SentMessageRow, 'donationId' | 'error' | 'nextAttemptAt' | 'claimedAt' | 'sentAt' | 'unsubscribeTokenHash'>[] = [];
        for (const person of [...people.values()].sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`))) {
          const values = { ...(await mergeValuesFor(trx, accountId, org, person, null)), ...(await yearValues(trx, accountId, person.id, input.year)) };
          const rendered = renderTemplate(toTemplate(template), values);
          rows.push({
            id: newId(),
            accountId,
            contactId: person.id,
            sendId: batchId,
            kind: 'year_end',
            channel: 'letter',
            toEmail: null,
            subject: rendered.subject.slice(0, 255),
            bodyText: rendered.text,
            bodyHtml: rendered.html,
            status: 'printed',
            attempts: 0,
            createdAt: now,
            updatedAt: now,
          });
        }
        for (let i = 0; i < rows.length; i += 200) await trx('sent_messages').insert(rows.slice(i, i + 200));
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'message',
          entityId: batchId,
          action: 'year_end_letters',
          after: { year: input.year, letters: rows.length },
        });
        return { ...empty, batchId, letters: rows.length, letterUrl: `/api/acknowledgments/letters/${batchId}.pdf` };
      });
    },

    /** The letters of a batch, in the order they were written. */
    async letters(accountId: string, batchId: string): Promise<{ person: { name: string; addressLines: string[] }; subject: string; text: string }[]> {
      if (!isId(batchId)) throw new NotFound('Letters not found');
      const send = await scoped(knex, 'message_sends', accountId).where('id', batchId).first('id');
      if (!send) throw new NotFound('Letters not found');
      const rows = await scoped<SentMessageRow>(knex, 'sent_messages', accountId).where({ sendId: batchId, channel: 'letter' }).orderBy('id');
      const people = await peopleByIds(knex, accountId, rows.map((r) => r.contactId ?? '').filter(Boolean));
      return rows.map((row) => {
        const person = people.get(row.contactId ?? '');
        return {
          person: { name: person ? `${person.firstName} ${person.lastName}`.trim() : '', addressLines: person?.addressLines ?? [] },
          subject: row.subject,
          text: row.bodyText ?? '',
        };
      });
    },

    /** Everything a contact was sent, newest first, with each gift's acknowledgment. */
    async ofContact(
      accountId: string,
      contactId: string,
    ): Promise<{ messages: ReceivedMessage[]; acknowledgments: ContactAcknowledgment[]; unsubscribedAt: string | null }> {
      await findOwnedOr404(knex, 'contacts', accountId, contactId, 'Contact not found');
      const [rows, gifts, unsubscribe]: [SentMessageRow[], ContactGiftRow[], Pick<EmailUnsubscribeRow, 'createdAt'> | undefined] = await Promise.all([
        scoped<SentMessageRow>(knex, 'sent_messages', accountId)
          .where('contactId', contactId)
          .orderBy([
            { column: 'createdAt', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(500),
        giftsQuery(knex, accountId)
          .leftJoin('donation_acknowledgments as ack', 'ack.donationId', 'donations.id')
          .where('donations.contactId', contactId)
          .orderBy([
            { column: 'donations.donationDate', order: 'desc' },
            { column: 'donations.id', order: 'desc' },
          ])
          .select('donations.id', 'donations.donationAmount', 'donations.donationDate', 'ack.status', 'ack.channel', 'ack.acknowledgedAt'),
        knex('email_unsubscribes').where({ accountId, contactId }).first('createdAt'),
      ]);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          channel: row.channel,
          subject: row.subject,
          status: row.status,
          error: row.error || null,
          toEmail: row.toEmail || null,
          sentAt: toIsoDateTime(row.sentAt),
          createdAt: toIsoDateTime(row.createdAt),
          sendId: row.sendId || null,
          donationId: row.donationId || null,
        })),
        acknowledgments: gifts.map((row) => ({
          donationId: row.id,
          amount: Number(row.donationAmount),
          donationDate: toIsoDate(row.donationDate) ?? '',
          status: row.status || 'pending',
          channel: row.channel || null,
          acknowledgedAt: toIsoDateTime(row.acknowledgedAt),
        })),
        unsubscribedAt: toIsoDateTime(unsubscribe?.createdAt),
      };
    },
  };
}

export type AcknowledgmentsService = ReturnType<typeof createAcknowledgmentsService>;
