import type { Knex } from 'knex';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { toInt } from '../../db/values';
import { Conflict } from '../../http/errors';
import { scoped } from '../../http/tenancy';
import { money } from './errors';

// Money never disappears (docs/adr/0012-the-ledger.md): a campaign or contact that holds gifts is
// archived, never deleted, so its receipts stay on Schedule A and its excess flags stay listed.

type Db = Knex | Knex.Transaction;
/** A count or a sum as the drivers give it: a number, or text on MariaDB (read it with toInt or Number). */
type DbAggregate = number | string | null;

export type Holdings = { donations: number; pledges: number; receivedCents: number };

/** The gifts a campaign or a contact holds: its donations (any status) and pledges, and what it received. */
export async function holdingsOf(db: Db, accountId: string, holder: { campaignId: string } | { contactId: string }): Promise<Holdings> {
  const [column, id] = 'campaignId' in holder ? ['campaignId', holder.campaignId] : ['contactId', holder.contactId];
  const donations = await scoped(db, 'donations', accountId)
    .where(`donations.${column}`, id)
    .count({ n: '*' })
    .select(
      db.raw('sum(case when ?? = ? then round(?? * 100) else 0 end) as ??', ['donations.status', COUNTED_DONATION_STATUS, 'donations.donationAmount', 'cents']),
    )
    .first<{ n: DbAggregate; cents: DbAggregate } | undefined>();
  const pledges = await scoped(db, 'pledges', accountId).where(`pledges.${column}`, id).count({ n: '*' }).first<{ n: DbAggregate } | undefined>();
  return { donations: toInt(donations?.n), pledges: toInt(pledges?.n), receivedCents: Math.round(Number(donations?.cents ?? 0)) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'This campaign has 12 donations ($4,350.00). Archive it instead.' */
export function holdingsMessage(what: 'campaign' | 'contact', holdings: Holdings): string {
  const parts: string[] = [];
  if (holdings.donations > 0) parts.push(`${plural(holdings.donations, 'donation')} (${money(holdings.receivedCents / 100)})`);
  if (holdings.pledges > 0) parts.push(plural(holdings.pledges, 'pledge'));
  return `This ${what} has ${parts.join(' and ')}. Archive it instead.`;
}

/** Details of the 409: what the client offers instead of the delete. */
export const ARCHIVE_INSTEAD = { action: 'archive' };

/** Refuses (409) the delete of a campaign or contact that holds gifts, naming them. */
export async function assertHoldsNoMoney(db: Db, accountId: string, holder: { campaignId: string } | { contactId: string }): Promise<void> {
  const holdings = await holdingsOf(db, accountId, holder);
  if (holdings.donations === 0 && holdings.pledges === 0) return;
  throw new Conflict(holdingsMessage('campaignId' in holder ? 'campaign' : 'contact', holdings), ARCHIVE_INSTEAD);
}
