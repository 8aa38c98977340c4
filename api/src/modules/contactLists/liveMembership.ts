import type { Knex } from 'knex';
import { isRuleGroup, type ListRule } from '@caucus/contract';
import { newId } from '../../lib/ids';
import { createContactListsRepository } from './repository';

// Smart lists keep themselves current (ADR 0005, "Live membership"): a write that changes contacts
// re-evaluates exactly those contacts against the account's smart lists whose rules read what
// changed, in the writer's own transaction. One query per list per chunk of contacts (the rule's
// condition and a primary-key IN), never a scan of the account: a save of one contact costs a few
// indexed lookups, an import batch the same few per list.

/** What a write may have changed: rule fields ('tags', 'totalDonated', ...), `list:<id>` for a list's members, or everything. */
export type ContactChange = 'all' | readonly string[];

/** The fields a gift write rewrites on its contact (the ledger's summary columns, and so the major-donor flag). */
export const GIVING_CHANGE: readonly string[] = [
  'totalDonated',
  'lastDonationAmount',
  'lastDonationDate',
  'donationCount',
  'averageDonation',
  'isMajorDonor',
  'updatedAt',
];

/** A write that only bumps a contact's `updatedAt` (a profile image, a compliance field no rule reads). */
export const TOUCH_CHANGE: readonly string[] = ['updatedAt'];

/** A change of a list's members, for the lists whose rules ask for membership of it. */
export const membersOf = (listId: string) => `list:${listId}`;

// Keeps each IN list and each member insert well inside the engines' placeholder limits.
const CONTACT_CHUNK = 1000;

/** Everything a rule tree reads: its fields, and `list:<id>` for each list whose membership it asks about. */
export function ruleReads(rules: ListRule[], into: Set<string> = new Set()): Set<string> {
  for (const rule of rules) {
    if (isRuleGroup(rule)) ruleReads(rule.rules, into);
    else if (rule.field === 'listMembership') into.add(membersOf(String(rule.value)));
    else into.add(rule.field);
  }
  return into;
}

type SmartList = { id: string; rules: ListRule[]; reads: Set<string> };

/**
 * Lists in an order where a list comes after the smart lists its rules ask membership of, so those
 * are current when it is evaluated. Rules may form a cycle (A asks about B, B about A): its lists
 * follow in id order, one pass, as a Refresh of each would leave them.
 */
export function dependencyOrder(lists: SmartList[]): SmartList[] {
  const byId = new Map(lists.map((list) => [list.id, list]));
  const placed = new Set<string>();
  const ordered: SmartList[] = [];
  const visiting = new Set<string>();
  const visit = (list: SmartList) => {
    if (placed.has(list.id) || visiting.has(list.id)) return;
    visiting.add(list.id);
    for (const read of [...list.reads].sort()) {
      const dependency = read.startsWith('list:') ? byId.get(read.slice(5)) : undefined;
      if (dependency) visit(dependency);
    }
    visiting.delete(list.id);
    placed.add(list.id);
    ordered.push(list);
  };
  for (const list of lists) visit(list);
  return ordered;
}

/** The lists a change reaches: those reading a changed field, then those asking membership of a reached list. */
function reachedLists(ordered: SmartList[], change: ContactChange): SmartList[] {
  if (change === 'all') return ordered;
  const changed = new Set(change);
  const reached: SmartList[] = [];
  for (const list of ordered) {
    if (![...list.reads].some((read) => changed.has(read))) continue;
    reached.push(list);
    changed.add(membersOf(list.id));
  }
  return reached;
}

/**
 * Brings the smart-rule members of the account's active smart lists in line with their rules for
 * these contacts, inside `db` (the writer's transaction). Members added by hand or by an import stay.
 * Call it after the write, with what the write may have changed; contacts that no longer exist are
 * simply matched by nothing (their member rows went with them).
 */
export async function syncSmartListsOf(
  db: Knex | Knex.Transaction,
  accountId: string,
  contactIds: Iterable<string>,
  change: ContactChange = 'all',
): Promise<void> {
  const ids = [...new Set(contactIds)];
  if (ids.length === 0) return;
  const repo = createContactListsRepository(db as Knex);
  const stored = await repo.smartListsForSync(db, accountId);
  if (stored.length === 0) return;
  const lists = reachedLists(dependencyOrder(stored.map((list) => ({ ...list, reads: ruleReads(list.rules) }))), change);
  if (lists.length === 0) return;
  const context = await repo.ruleContext(accountId, db);
  for (let from = 0; from < ids.length; from += CONTACT_CHUNK) {
    const chunk = ids.slice(from, from + CONTACT_CHUNK);
    for (const list of lists) {
      const [matches, members] = await Promise.all([repo.matchingAmong(db, accountId, list.rules, context, chunk), repo.membersAmong(db, list.id, chunk)]);
      const matched = new Set(matches);
      const present = new Set(members.map((member) => member.contactId));
      const stale = members.filter((member) => member.source === 'smart_rule' && !matched.has(member.contactId)).map((member) => member.id);
      const fresh = matches.filter((contactId) => !present.has(contactId));
      if (stale.length === 0 && fresh.length === 0) continue;
      await repo.adjustMemberCount(db, accountId, list.id, fresh.length - stale.length);
      await repo.deleteMemberRows(db, stale);
      await repo.insertMembers(
        db,
        accountId,
        fresh.map((contactId) => ({ listId: list.id, contactId, source: 'smart_rule', notes: null, addedBy: null })),
        newId,
      );
    }
  }
}

/**
 * Before contacts are deleted (their member rows cascade with them): the stored member counts of
 * their lists lose them, so the count the search and the lists show stays the number of members.
 */
export async function leaveListsOf(db: Knex | Knex.Transaction, accountId: string, contactIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(contactIds)];
  const repo = createContactListsRepository(db as Knex);
  for (let from = 0; from < ids.length; from += CONTACT_CHUNK) {
    for (const [listId, count] of await repo.listsHolding(db, ids.slice(from, from + CONTACT_CHUNK))) {
      await repo.adjustMemberCount(db, accountId, listId, -count);
    }
  }
}
