import type { ImportRowValues } from '@caucus/contract';
import { toJsonArray } from '../../../db/values';
import { newId } from '../../../lib/ids';
import { NO_GIFT_FIGURES } from '../../ledger';
import { keysOfContact, matchKeyOf, type ContactRow } from '../../matching';

// The batch's contacts as it works its rows (the merging): the ones locked for it, found by id or by
// match key, and the ones it creates. A row's person is merged into the contact it matches by filling
// only the fields that contact leaves empty; what was filled, and the tags added, are remembered so
// that the write step saves them and Undo can take them back (import_effects).

/** Columns of a contact by name, with the values the batch wrote into them. */
export type FilledFields = Record<string, unknown>;

/** Contact columns an import fills, by the field of the row's values that feeds each. */
const CONTACT_FIELDS: [keyof ImportRowValues, string][] = [
  ['firstName', 'firstName'],
  ['lastName', 'lastName'],
  ['email', 'primaryEmail'],
  ['phone', 'primaryPhone'],
  ['address', 'addressLine1'],
  ['address2', 'addressLine2'],
  ['city', 'city'],
  ['state', 'state'],
  ['zipCode', 'zipCode'],
  ['organization', 'organization'],
  ['title', 'title'],
  ['employer', 'employer'],
  ['occupation', 'occupation'],
];

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The match key of a row's person (email, else name and ZIP code). */
export const matchKeyOfValues = (values: Partial<ImportRowValues>) =>
  matchKeyOf({ email: values.email ?? null, firstName: values.firstName ?? null, lastName: values.lastName ?? null, zipCode: values.zipCode ?? null });

export type ContactBook = ReturnType<typeof createContactBook>;

/**
 * @param locked the contacts locked for the batch, as read under their locks
 * @param matched the account's contacts found by the rows' match keys (read before the locks: only
 *   those also in `locked` are used, in their locked state)
 */
export function createContactBook(
  owner: { accountId: string; userId: string | null; now: Date },
  locked: Map<string, ContactRow>,
  matched: Map<string, ContactRow>,
) {
  const byKey = new Map<string, ContactRow>();
  for (const [key, contact] of matched) {
    const current = locked.get(contact.id);
    if (current) byKey.set(key, current);
  }
  const known = new Map<string, ContactRow>([...locked.values()].map((c) => [c.id, c]));
  /** Contacts this batch creates, by id. */
  const created = new Map<string, ContactRow>();
  /** Existing contacts' empty fields this batch filled: column to value, by contact id. */
  const filled = new Map<string, FilledFields>();
  /** Tags this batch added to existing contacts, by contact id. */
  const tagsAdded = new Map<string, Set<string>>();

  const register = (contact: ContactRow) => {
    known.set(contact.id, contact);
    for (const key of keysOfContact(contact)) if (!byKey.has(key)) byKey.set(key, contact);
  };

  /** Merges a person into a contact: only the contact's empty fields take the row's values. */
  const fillEmpty = (contact: ContactRow, values: Partial<ImportRowValues>) => {
    const isNew = created.has(contact.id);
    for (const [from, column] of CONTACT_FIELDS) {
      const value = values[from];
      if (isBlank(value) || !isBlank(contact[column])) continue;
      contact[column] = value;
      if (!isNew) {
        const changes = filled.get(contact.id) ?? {};
        changes[column] = value;
        filled.set(contact.id, changes);
      }
    }
    register(contact);
  };

  const createContact = (values: Partial<ImportRowValues>): ContactRow => {
    // Every column in one literal: adding CONTACT_FIELDS' columns one by one after it left each new
    // contact a slow dictionary of properties, about 10 µs apiece (docs/benchmarks.md).
    const contact: ContactRow = {
      id: newId(),
      accountId: owner.accountId,
      status: 'active',
      country: values.country || 'US',
      // No gifts yet; before it is inserted the ledger gives it the figures of the batch's gifts (batch/write.ts).
      totalDonated: NO_GIFT_FIGURES.totalDonated,
      donationCount: NO_GIFT_FIGURES.donationCount,
      averageDonation: NO_GIFT_FIGURES.averageDonation,
      lastDonationAmount: NO_GIFT_FIGURES.lastDonationAmount,
      lastDonationDate: NO_GIFT_FIGURES.lastDonationDate,
      tags: '[]',
      // Not "added by hand": the getting-started checklist tells the two apart.
      source: 'import',
      createdBy: owner.userId,
      createdAt: owner.now,
      updatedAt: owner.now,
      firstName: null,
      lastName: null,
      primaryEmail: null,
      primaryPhone: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      zipCode: null,
      organization: null,
      title: null,
      employer: null,
      occupation: null,
    };
    // A column CONTACT_FIELDS gains later still starts empty.
    for (const [, column] of CONTACT_FIELDS) if (!(column in contact)) contact[column] = null;
    created.set(contact.id, contact);
    fillEmpty(contact, values);
    return contact;
  };

  /** The contact a row's person is (found, or made earlier in this batch), without changing anything. */
  const lookup = (values: Partial<ImportRowValues>): ContactRow | undefined => {
    const key = matchKeyOfValues(values);
    return key ? byKey.get(key) : undefined;
  };

  /** The contact a row's person is, merged with the row, or a new one. */
  const resolve = (values: Partial<ImportRowValues>): ContactRow => {
    const found = lookup(values);
    if (found) {
      fillEmpty(found, values);
      return found;
    }
    return createContact(values);
  };

  /** Adds the row's tags a contact lacks; an existing contact's are remembered as added. */
  const addTags = (contact: ContactRow, tags: string[]) => {
    if (tags.length === 0) return;
    const current = new Set(toJsonArray<string>(contact.tags));
    const added = tagsAdded.get(contact.id) ?? new Set<string>();
    for (const tag of tags) {
      if (!current.has(tag)) {
        current.add(tag);
        if (!created.has(contact.id)) added.add(tag);
      }
    }
    contact.tags = JSON.stringify([...current]);
    if (added.size > 0) tagsAdded.set(contact.id, added);
  };

  return {
    /** A contact of the batch by id: locked for it, or created by it. */
    byId: (id: string): ContactRow | undefined => known.get(id),
    lookup,
    resolve,
    fillEmpty,
    addTags,
    created,
    filled,
    tagsAdded,
  };
}
