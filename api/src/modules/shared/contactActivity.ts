import type { Knex } from 'knex';
import type { MembershipRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { scoped } from '../../http/tenancy';
import type { Person } from '@caucus/contract';

// What the call-time and meetings modules share: both keep rows of something a team member did with
// a contact (a call, a meeting), read them with the contact's and the member's names, and check
// that the people named belong to the workspace. Stated once here.

type Db = Knex | Knex.Transaction;

/** The transaction (retried on a lock conflict, db/transaction.ts) and the plain reader of a repository. */
export function transactionAndReader(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },
    reader(): Knex {
      return knex;
    },
  };
}

/**
 * Rows of `table` (with a contactId column) in the account, each with its contact's name and phones
 * (contactFirstName, contactLastName, contactOrganization, contactPhone, contactMobile) and the name of
 * the team member in `memberColumn` (`${as}FirstName`, `${as}LastName`; null when no longer a user).
 */
export function contactActivity<Row extends object>(
  db: Db,
  table: string,
  accountId: string,
  member: { column: string; as: string },
): Knex.QueryBuilder<Row, Row[]> {
  const alias = `${member.as}_users`;
  // Builders change in place: the query keeps its row type while the joins and columns are added.
  const query = scoped<Row>(db, table, accountId);
  query
    .join('contacts', 'contacts.id', `${table}.contactId`)
    .leftJoin(`users as ${alias}`, `${alias}.id`, `${table}.${member.column}`)
    .select(
      `${table}.*`,
      'contacts.firstName as contactFirstName',
      'contacts.lastName as contactLastName',
      'contacts.organization as contactOrganization',
      'contacts.primaryPhone as contactPhone',
      'contacts.mobilePhone as contactMobile',
      `${alias}.firstName as ${member.as}FirstName`,
      `${alias}.lastName as ${member.as}LastName`,
    );
  return query;
}

/** Which of these users are members of the account (a caller, a meeting's attendees). */
export async function teamMembersAmong(db: Db, accountId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows: Pick<MembershipRow, 'userId'>[] = await scoped(db, 'memberships', accountId).whereIn('memberships.userId', userIds).select('memberships.userId');
  return new Set(rows.map((row) => row.userId));
}

/** The account's members, by name: who can be a caller or a meeting's attendee. */
export async function teamOf(db: Db, accountId: string): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return scoped(db, 'memberships', accountId)
    .join('users', 'users.id', 'memberships.userId')
    .orderBy([{ column: 'users.firstName' }, { column: 'users.lastName' }, { column: 'users.id' }])
    .select('users.id', 'users.firstName', 'users.lastName');
}

export async function contactExists(db: Db, accountId: string, contactId: string): Promise<boolean> {
  return Boolean(await scoped(db, 'contacts', accountId).where('contacts.id', contactId).first('contacts.id'));
}

/** A blank or missing value reads as null; anything else as its text. */
export const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** How a contact or a member is named: first and last name, else the organization, else a placeholder. */
export const fullName = (first: unknown, last: unknown, organization?: unknown): string =>
  [first, last].filter(Boolean).join(' ').trim() || String(organization ?? '').trim() || 'Unnamed contact';

export const personOf = (id: unknown, first: unknown, last: unknown): Person | null => (id ? { id: String(id), name: fullName(first, last) } : null);
