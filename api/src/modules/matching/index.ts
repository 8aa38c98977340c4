import type { Knex } from 'knex';
import { matchName, zip5 } from '@caucus/contract';
import { engineOf } from '../../db/knex';
import { scoped } from '../../http/tenancy';

// The one contact-matching engine (DESIGN: import now, the contact form and a merge queue later).
// A person is the same contact when the email matches (case-insensitive); a row without an email
// matches on first and last name (case- and accent-insensitive) and the same 5-digit ZIP.

type Db = Knex | Knex.Transaction;
export type ContactRow = Record<string, unknown> & { id: string };
export type MatchPerson = { email: string | null; firstName: string | null; lastName: string | null; zipCode: string | null };

export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

export function nameZipKey(person: Record<string, unknown> | MatchPerson): string | null {
  const first = matchName(person.firstName as string | null);
  const last = matchName(person.lastName as string | null);
  const zip = zip5(person.zipCode);
  return first && last && zip ? `${first}|${last}|${zip}` : null;
}

/** The key a person is matched by: email when there is one, otherwise name + ZIP (or none). */
export function matchKeyOf(person: MatchPerson): string | null {
  const email = emailKey(person.email);
  if (email) return `e:${email}`;
  const nameZip = nameZipKey(person);
  return nameZip ? `n:${nameZip}` : null;
}

/** Every key a stored contact can be found by. */
export function keysOfContact(contact: Record<string, unknown>): string[] {
  const keys: string[] = [];
  const email = emailKey(contact.primaryEmail as string | null);
  if (email) keys.push(`e:${email}`);
  const nameZip = nameZipKey(contact);
  if (nameZip) keys.push(`n:${nameZip}`);
  return keys;
}

// Below MariaDB's eq_range_index_dive_limit (200): with more values in an IN list the optimizer
// trusts the table's statistics, which during a large import still describe a nearly empty table,
// and picks a full scan (30 ms a lookup at 100,000 contacts instead of 1).
const CHUNK = 190;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Oldest first, so a person stored twice always resolves to the same contact. Sorted here, not by
 * ORDER BY: asked to sort, both planners are tempted to walk the account's creation-time index (no
 * sort needed) instead of looking up the few emails or ZIPs, a scan of every contact per lookup.
 */
const createdMs = (row: ContactRow) => new Date(row.createdAt as string | number | Date).getTime();
function oldestFirst(rows: ContactRow[]): ContactRow[] {
  return rows.sort((a, b) => createdMs(a) - createdMs(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Finds the account's contacts that the given people match, keyed by match key (see matchKeyOf).
 * MariaDB compares with the table's case- and accent-insensitive collation through its indexes;
 * SQLite has no such collation, so it narrows by ZIP and the names are compared here.
 */
export async function findMatchingContacts(db: Db, accountId: string, people: MatchPerson[]): Promise<Map<string, ContactRow>> {
  const found = new Map<string, ContactRow>();
  const emails = [...new Set(people.map((p) => emailKey(p.email)).filter((e): e is string => Boolean(e)))];
  const named = people.filter((p) => !emailKey(p.email) && nameZipKey(p));
  const mysql = engineOf(db) === 'mysql';

  for (const part of chunks(emails)) {
    const query = scoped(db, 'contacts', accountId).select('contacts.*');
    if (mysql) query.whereIn('contacts.primaryEmail', part);
    else query.whereIn(db.raw('lower(??)', ['contacts.primaryEmail']) as unknown as string, part);
    const rows = oldestFirst((await query) as unknown as ContactRow[]);
    // Only the email key counts for these: a contact found by email is not also a name match here.
    for (const row of rows) {
      const key = `e:${emailKey(row.primaryEmail as string)}`;
      if (!found.has(key)) found.set(key, row);
    }
  }

  if (named.length > 0) {
    const rows: ContactRow[] = [];
    if (mysql) {
      const lastNames = [...new Set(named.map((p) => String(p.lastName).trim()))];
      for (const part of chunks(lastNames)) {
        rows.push(...((await scoped(db, 'contacts', accountId).whereIn('contacts.lastName', part).select('contacts.*')) as unknown as ContactRow[]));
      }
    } else {
      const zips = [...new Set(named.map((p) => zip5(p.zipCode) as string))];
      for (const part of chunks(zips)) {
        rows.push(
          ...((await scoped(db, 'contacts', accountId)
            .whereIn(db.raw('substr(??, 1, 5)', ['contacts.zipCode']) as unknown as string, part)
            .select('contacts.*')) as unknown as ContactRow[]),
        );
      }
    }
    oldestFirst(rows);
    const wanted = new Set(named.map((p) => `n:${nameZipKey(p)}`));
    for (const row of rows) {
      const key = nameZipKey(row);
      if (key && wanted.has(`n:${key}`) && !found.has(`n:${key}`)) found.set(`n:${key}`, row);
    }
  }
  return found;
}
