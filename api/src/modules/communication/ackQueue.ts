import type { Knex } from 'knex';
import type { AcknowledgmentRow, AcknowledgmentsPage, AcknowledgmentStatus } from '@caucus/contract';
import type { ContactRow, DbTime, DonationAcknowledgmentRow } from '../../db/rows';
import { toInt, toIsoDateTime } from '../../db/values';
import { NotFound } from '../../http/errors';
import { giftColumns, giftsQuery, type CountRow, type Gift, type GiftRow } from './repository';
import { toGift } from './templates';

// Which gifts wait for a thank-you, and which of the gifts a user picked still need one.

export const GIFT_NOT_FOUND = 'Gift not found';
const DAY_MS = 86_400_000;

/** A gift waiting for (or given) its thank-you, with the donor and the acknowledgment (null while pending). */
type AckListRow = GiftRow &
  Pick<ContactRow, 'firstName' | 'lastName' | 'primaryEmail'> & {
    ackStatus: DonationAcknowledgmentRow['status'] | null;
    ackChannel: DonationAcknowledgmentRow['channel'];
    ackAt: DbTime | null;
  };

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

function filtered(knex: Knex, accountId: string, query: AckQuery) {
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
}

function toAcknowledgmentRow(row: AckListRow, today: string): AcknowledgmentRow {
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
}

/** A page of the thank-you queue (pending: oldest gift first) or of the gifts already dealt with (newest first). */
export async function listAcknowledgments(knex: Knex, accountId: string, query: AckQuery): Promise<AcknowledgmentsPage> {
  const order = query.status === 'pending' ? 'asc' : 'desc';
  const [rows, total]: [AckListRow[], CountRow | undefined] = await Promise.all([
    filtered(knex, accountId, query)
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
    filtered(knex, accountId, query).count({ n: '*' }).first<CountRow | undefined>(),
  ]);
  const today = todayUtc();
  const acknowledgments = rows.map((row) => toAcknowledgmentRow(row, today));
  return { acknowledgments, total: toInt(total?.n), page: query.page, pageSize: query.pageSize };
}

/** The picked gifts not acknowledged yet, and how many were; any gift not found (or not completed) is a 404. */
export async function giftsAwaitingThanks(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<{ gifts: Gift[]; alreadyDone: number }> {
  const rows: GiftRow[] = await giftsQuery(trx, accountId).whereIn('donations.id', ids).select(giftColumns(trx));
  if (rows.length !== ids.length) throw new NotFound(GIFT_NOT_FOUND);
  const done = new Set(((await trx('donation_acknowledgments').whereIn('donationId', ids).pluck('donation_id')) as unknown[]).map(String));
  return { gifts: rows.map(toGift).filter((gift) => !done.has(gift.id)), alreadyDone: done.size };
}
