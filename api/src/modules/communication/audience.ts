import type { Knex } from 'knex';
import type { Audience } from '@caucus/contract';
import type { ContactListMemberRow, ContactListRow } from '../../db/rows';
import { fromJsonText } from '../../db/values';
import { BadRequest } from '../../http/errors';
import { findOwnedOr404 } from '../../http/tenancy';
import { compileRulesFor } from './lists';
import { peopleByIds, type Person } from './repository';

// Who a list email goes to: the list resolved at one moment, then sorted into recipients and the
// people left out (docs/adr/0015-communication-sends-at-most-once.md).

export const LIST_NOT_FOUND = 'Contact list not found';

type Db = Knex | Knex.Transaction;

export async function findList(db: Db, accountId: string, listId: string): Promise<ContactListRow> {
  return findOwnedOr404<ContactListRow>(db, 'contact_lists', accountId, listId, LIST_NOT_FOUND).catch(() => {
    throw new BadRequest(LIST_NOT_FOUND, { listId: LIST_NOT_FOUND });
  });
}

/** Who is on the list now: a static list's members, a smart list's rules evaluated at this moment. */
export async function listContactIds(db: Db, accountId: string, list: ContactListRow): Promise<string[]> {
  const members: Pick<ContactListMemberRow, 'contactId' | 'source'>[] = await db('contact_list_members')
    .where({ listId: list.id })
    .select('contactId', 'source');
  if (list.type !== 'smart') return members.map((m) => m.contactId);
  const rules = fromJsonText(list.rules);
  const byRule = Array.isArray(rules) && rules.length > 0 ? await compileRulesFor(db, accountId, rules) : [];
  const byHand = members.filter((m) => m.source !== 'smart_rule').map((m) => m.contactId);
  return [...new Set([...byRule, ...byHand])];
}

/** Splits a list into who gets the email and why the others do not (each excluded person counted once). */
export function sortAudience(ids: string[], people: Map<string, Person>): { recipients: Person[]; audience: Audience } {
  const excluded = { noEmail: 0, unsubscribed: 0, bounced: 0, deceased: 0 };
  const recipients: Person[] = [];
  const seenEmails = new Set<string>();
  for (const id of ids) {
    const person = people.get(id);
    if (!person) continue;
    if (person.deceased) excluded.deceased += 1;
    else if (!person.email) excluded.noEmail += 1;
    else if (person.status === 'bounced') excluded.bounced += 1;
    else if (person.unsubscribed || person.status === 'do_not_contact') excluded.unsubscribed += 1;
    else if (seenEmails.has(person.email.toLowerCase())) continue;
    else {
      seenEmails.add(person.email.toLowerCase());
      recipients.push(person);
    }
  }
  return { recipients, audience: { members: ids.length, recipients: recipients.length, excluded } };
}

/** The preview of a send: how many the list would reach now, and why the others would be left out. */
export async function listAudience(db: Db, accountId: string, listId: string): Promise<Audience> {
  const list = await findList(db, accountId, listId);
  const ids = await listContactIds(db, accountId, list);
  return sortAudience(ids, await peopleByIds(db, accountId, ids)).audience;
}

/** The first of the list's first 50 members who would receive the email (a test is merged for them), if any. */
export async function sampleRecipient(db: Db, accountId: string, listId: string): Promise<Person | null> {
  const ids = await listContactIds(db, accountId, await findList(db, accountId, listId));
  return sortAudience(ids.slice(0, 50), await peopleByIds(db, accountId, ids.slice(0, 50))).recipients[0] ?? null;
}
