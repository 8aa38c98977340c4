import type { Knex } from 'knex';
import type { ContactAcknowledgment, ReceivedMessage } from '@caucus/contract';
import type { DbTime, DonationAcknowledgmentRow, DonationRow, EmailUnsubscribeRow, SentMessageRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime } from '../../db/values';
import { findOwnedOr404, scoped } from '../../http/tenancy';
import { giftsQuery } from './repository';

/** A contact's gift with its acknowledgment's columns (null while pending). */
type ContactGiftRow = Pick<DonationRow, 'id' | 'donationAmount' | 'donationDate'> & {
  status: DonationAcknowledgmentRow['status'] | null;
  channel: DonationAcknowledgmentRow['channel'];
  acknowledgedAt: DbTime | null;
};
export type ContactHistory = { messages: ReceivedMessage[]; acknowledgments: ContactAcknowledgment[]; unsubscribedAt: string | null };

function toReceived(row: SentMessageRow): ReceivedMessage {
  return {
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
  };
}

function toContactAcknowledgment(row: ContactGiftRow): ContactAcknowledgment {
  return {
    donationId: row.id,
    amount: Number(row.donationAmount),
    donationDate: toIsoDate(row.donationDate) ?? '',
    status: row.status || 'pending',
    channel: row.channel || null,
    acknowledgedAt: toIsoDateTime(row.acknowledgedAt),
  };
}

/** Everything a contact was sent, newest first, with each gift's acknowledgment. */
export async function contactHistory(knex: Knex, accountId: string, contactId: string): Promise<ContactHistory> {
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
    messages: rows.map(toReceived),
    acknowledgments: gifts.map(toContactAcknowledgment),
    unsubscribedAt: toIsoDateTime(unsubscribe?.createdAt),
  };
}
