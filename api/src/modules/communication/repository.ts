import type { Knex } from 'knex';
import { toMoney } from '../../db/values';
import { scoped } from '../../http/tenancy';
import type { Organization } from './merge';

type Db = Knex | Knex.Transaction;
export type Row = Record<string, unknown>;

const CHUNK = 500;

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
  const row = (await db('accounts').where('id', accountId).first()) as Row;
  const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
  return {
    name: String(row.name),
    organizationType: String(row.organizationType),
    taxId: text(row.taxId),
    addressLine1: text(row.addressLine1),
    addressLine2: text(row.addressLine2),
    city: text(row.city),
    state: text(row.state),
    zipCode: text(row.zipCode),
    country: text(row.country),
    email: text(row.email),
    timezone: String(row.timezone || 'UTC'),
  };
}

function toPerson(row: Row, deceased: Set<string>, unsubscribed: Set<string>): Person {
  const id = String(row.id);
  const cityLine = [row.city, [row.state, row.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    id,
    firstName: String(row.firstName ?? ''),
    lastName: String(row.lastName ?? ''),
    email: row.primaryEmail ? String(row.primaryEmail).trim() || null : null,
    status: String(row.status ?? 'active'),
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
      scoped(db, 'contacts', accountId)
        .whereIn('contacts.id', slice)
        .select('id', 'firstName', 'lastName', 'primaryEmail', 'status', 'addressLine1', 'addressLine2', 'city', 'state', 'zipCode'),
      db('contact_tags').where({ accountId, tag: 'deceased' }).whereIn('contactId', slice).pluck('contact_id'),
      db('email_unsubscribes').where({ accountId }).whereIn('contactId', slice).pluck('contact_id'),
    ]);
    const deceased = new Set((tags as unknown[]).map(String));
    const unsubscribed = new Set((unsubscribes as unknown[]).map(String));
    for (const row of rows as Row[]) found.set(String(row.id), toPerson(row, deceased, unsubscribed));
  }
  return found;
}

/** Sum of a contact's completed gifts in a calendar year. */
export async function yearTotalOf(db: Db, accountId: string, contactId: string, year: number): Promise<number> {
  const row = (await scoped(db, 'donations', accountId)
    .where({ contactId, status: 'completed' })
    .whereBetween('donationDate', [`${year}-01-01`, `${year}-12-31`])
    .sum({ total: 'donationAmount' })
    .first()) as Row | undefined;
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
