import type { Knex } from 'knex';
import type { AccountRow, ContactRow, DonationRow } from '../../db/rows';
import { toMoney } from '../../db/values';
import { scoped } from '../../http/tenancy';
import type { Organization } from './merge';

type Db = Knex | Knex.Transaction;
/** What a letter or email needs of a contact. */
type PersonRow = Pick<ContactRow, 'id' | 'firstName' | 'lastName' | 'primaryEmail' | 'status' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode'>;
/** A completed gift as giftColumns selects it, with its campaign's name (null without one). */
export type GiftRow = Pick<DonationRow, 'id' | 'contactId' | 'donationDate' | 'paymentMethod' | 'campaignId'> & {
  amount: DonationRow['donationAmount'];
  campaignName: string | null;
};

const CHUNK = 500;

/** COUNT comes back as a number, text or a bigint depending on the engine: read it with toInt. */
export type CountRow = { n: unknown };

export type Person = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  status: string;
  deceased: boolean;
  unsubscribed: boolean;
  addressLines: string[];
};

export async function organizationOf(db: Db, accountId: string): Promise<Organization> {
  const row = await db<AccountRow>('accounts').where('id', accountId).first();
  if (!row) throw new Error(`No account ${accountId}`);
  const text = (value: string | null) => (value === null || value === '' ? null : value);
  return {
    name: row.name,
    organizationType: row.organizationType,
    taxId: text(row.taxId),
    addressLine1: text(row.addressLine1),
    addressLine2: text(row.addressLine2),
    city: text(row.city),
    state: text(row.state),
    zipCode: text(row.zipCode),
    country: text(row.country),
    email: text(row.email),
    timezone: row.timezone || 'UTC',
  };
}

function toPerson(row: PersonRow, deceased: Set<string>, unsubscribed: Set<string>): Person {
  const id = row.id;
  const cityLine = [row.city, [row.state, row.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    id,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    email: row.primaryEmail ? row.primaryEmail.trim() || null : null,
    status: row.status ?? 'active',
    deceased: deceased.has(id),
    unsubscribed: unsubscribed.has(id),
    addressLines: [row.addressLine1, row.addressLine2, cityLine].filter((line): line is string => typeof line === 'string' && line !== ''),
  };
}

/** The account's contacts with these ids, with what decides whether they may be written to. */
export async function peopleByIds(db: Db, accountId: string, ids: string[]): Promise<Map<string, Person>> {
  const found = new Map<string, Person>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const slice = ids.slice(i, i + CHUNK);
    const [rows, tags, unsubscribes] = await Promise.all([
      scoped<PersonRow>(db, 'contacts', accountId)
        .whereIn('contacts.id', slice)
        .select('id', 'firstName', 'lastName', 'primaryEmail', 'status', 'addressLine1', 'addressLine2', 'city', 'state', 'zipCode'),
      db('contact_tags').where({ accountId, tag: 'deceased' }).whereIn('contactId', slice).pluck('contact_id'),
      db('email_unsubscribes').where({ accountId }).whereIn('contactId', slice).pluck('contact_id'),
    ]);
    const deceased = new Set((tags as unknown[]).map(String));
    const unsubscribed = new Set((unsubscribes as unknown[]).map(String));
    for (const row of rows) found.set(row.id, toPerson(row, deceased, unsubscribed));
  }
  return found;
}

/** Sum of a contact's completed gifts in a calendar year. */
export async function yearTotalOf(db: Db, accountId: string, contactId: string, year: number): Promise<number> {
  // SUM comes back as a number or text depending on the engine: read with toMoney.
  const row = await scoped(db, 'donations', accountId)
    .where({ contactId, status: 'completed' })
    .whereBetween('donationDate', [`${year}-01-01`, `${year}-12-31`])
    .sum({ total: 'donationAmount' })
    .first<{ total: unknown } | undefined>();
  return toMoney(row?.total ?? 0);
}

export type Gift = {
  id: string;
  contactId: string | null;
  amount: number;
  donationDate: string;
  paymentMethod: string;
  campaignId: string | null;
  campaignName: string | null;
};

export function giftColumns(db: Db) {
  return [
    'donations.id as id',
    'donations.contactId as contactId',
    'donations.donationAmount as amount',
    'donations.donationDate as donationDate',
    'donations.paymentMethod as paymentMethod',
    'donations.campaignId as campaignId',
    db.ref('campaigns.name').as('campaignName'),
  ];
}

export function giftsQuery(db: Db, accountId: string) {
  return scoped(db, 'donations', accountId).leftJoin('campaigns', 'campaigns.id', 'donations.campaignId').where('donations.status', 'completed');
}

/** Writes rows a chunk at a time, so that no one statement grows with the size of the batch. */
export async function insertInChunks(trx: Knex.Transaction, table: string, rows: object[], size: number): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
}
