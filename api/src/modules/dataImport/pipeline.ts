import type { Knex } from 'knex';
import {
  mapImportRow,
  validateImportRow,
  type ImportRowValues,
} from '../../contract';
import { toJsonArray } from '../../db/values';
import { newId } from '../../lib/ids';
import { recomputeCampaignTotals } from '../campaigns/repository';
import { createFinancialsRepository } from '../financials/repository';
import { findMatchingContacts, keysOfContact, matchKeyOf, type ContactRow } from '../matching';
import type { DataImportRepository } from './repository';

// One batch of an import, in one transaction: every pending row of the batch ends imported or
// skipped-with-reason, together with what it wrote and the import's counts. A crash rolls the whole
// batch back, so its rows are still pending when the job runs again: no row is done twice.

type Row = Record<string, unknown>;

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

export const CONTACT_NOT_FOUND_REASON = 'Contact not found';
export const duplicateTransactionReason = (id: string) => `Transaction ID "${id}" already exists in this account`;

export type BatchContext = {
  importRow: Row;
  userId: string | null;
  today: string;
};

export type BatchResult = { processed: number; imported: number; skipped: number };

export function createImportPipeline(repo: DataImportRepository) {
  const financials = createFinancialsRepository(repo.knex);

  /** Processes up to `size` pending rows of the import. Runs inside the caller's transaction. */
  async function processBatch(trx: Knex.Transaction, importRow: Row, size: number): Promise<BatchResult> {
    const importId = String(importRow.id);
    const accountId = String(importRow.accountId);
    const campaignId = importRow.campaignId ? String(importRow.campaignId) : null;
    const donationAccountId = importRow.donationAccountId ? String(importRow.donationAccountId) : null;
    const userId = importRow.createdBy ? String(importRow.createdBy) : null;
    const headers = toJsonArray<string>(importRow.headers);
    const mapping = JSON.parse(String(importRow.mapping ?? '{}')) as Record<string, string>;
    const today = new Date().toISOString().slice(0, 10);
    const now = new Date();

    const pending = await repo.pendingRows(trx, importId, size);
    if (pending.length === 0) return { processed: 0, imported: 0, skipped: 0 };
    // The campaign's row lock first, as every money write takes it: its totals are recomputed below
    // and a donation saved meanwhile must not be summed from a stale snapshot.
    await financials.lockForWrite(trx, accountId, null, campaignId ? [campaignId] : []);

    type Work = { id: string; rowNumber: number; values: ImportRowValues; reason: string | null };
    const work: Work[] = pending.map((row) => {
      const cells = JSON.parse(String(row.data)) as unknown[];
      const keyed: Row = {};
      headers.forEach((header, i) => {
        keyed[header] = cells[i];
      });
      const { values, errors } = validateImportRow(mapImportRow(keyed, mapping), today);
      return { id: String(row.id), rowNumber: Number(row.rowNumber), values, reason: errors.length > 0 ? errors.map((e) => e.message).join('; ') : null };
    });

    // A transaction id already in the account (or earlier in the file) is the same gift sent twice.
    const txIds = work.filter((w) => !w.reason && w.values.donation?.transactionId).map((w) => w.values.donation!.transactionId!);
    const existingTx = await repo.existingTransactionIds(trx, accountId, txIds);
    for (const w of work) {
      const txId = w.values.donation?.transactionId;
      if (w.reason || !txId) continue;
      if (existingTx.has(txId)) w.reason = duplicateTransactionReason(txId);
      else existingTx.add(txId);
    }

    // Contacts named by id must be this account's.
    const namedIds = work.flatMap((w) => (w.reason ? [] : [w.values.contactId, w.values.donation?.contactId, w.values.pledge?.contactId].filter((id): id is string => Boolean(id))));
    const contacts = await repo.contactsByIds(trx, accountId, namedIds);
    for (const w of work) {
      if (w.reason) continue;
      const ids = [w.values.contactId, w.values.donation?.contactId, w.values.pledge?.contactId].filter((id): id is string => Boolean(id));
      if (ids.some((id) => !contacts.has(id))) w.reason = CONTACT_NOT_FOUND_REASON;
    }

    // Matching: existing contacts first, then the rows of this batch among themselves (a contact made
    // by an earlier batch is already in the database).
    const kept = work.filter((w) => !w.reason);
    const people = kept.flatMap((w) => {
      const list = [w.values];
      if (w.values.associate) list.push({ ...w.values, ...w.values.associate, zipCode: w.values.zipCode } as ImportRowValues);
      return list;
    });
    const byKey = await findMatchingContacts(trx, accountId, people);
    const newContacts = new Map<string, ContactRow>();
    const filled = new Map<string, Row>();
    const tagsAdded = new Map<string, Set<string>>();
    const effects: Row[] = [];

    const known = new Map<string, ContactRow>([...contacts.values(), ...byKey.values()].map((c) => [c.id, c as ContactRow]));
    const register = (contact: ContactRow) => {
      known.set(contact.id, contact);
      for (const key of keysOfContact(contact)) if (!byKey.has(key)) byKey.set(key, contact);
    };

    const fillEmpty = (contact: ContactRow, values: Partial<ImportRowValues>) => {
      const isNew = newContacts.has(contact.id);
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
      const contact: ContactRow = {
        id: newId(),
        accountId,
        status: 'active',
        country: values.country || 'US',
        totalDonated: 0,
        tags: '[]',
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      };
      for (const [, column] of CONTACT_FIELDS) contact[column] = null;
      newContacts.set(contact.id, contact);
      fillEmpty(contact, values);
      return contact;
    };

    const resolve = (values: Partial<ImportRowValues>): ContactRow => {
      const key = matchKeyOf({ email: values.email ?? null, firstName: values.firstName ?? null, lastName: values.lastName ?? null, zipCode: values.zipCode ?? null });
      const found = key ? byKey.get(key) : undefined;
      if (found) {
        fillEmpty(found, values);
        return found;
      }
      return createContact(values);
    };

    const donations: Row[] = [];
    const pledges: Row[] = [];
    const notes: Row[] = [];
    const associations: Row[] = [];
    const donors = new Set<string>();

    for (const w of kept) {
      const v = w.values;
      const namedId = v.contactId ?? v.donation?.contactId ?? v.pledge?.contactId;
      const hasPerson = Boolean(v.firstName || v.lastName || v.email || v.organization);
      let contact: ContactRow;
      if (namedId) {
        contact = contacts.get(namedId) as ContactRow;
        if (hasPerson) fillEmpty(contact, v);
      } else {
        contact = resolve(v);
      }

      if (v.tags.length > 0) {
        const current = new Set(toJsonArray<string>(contact.tags));
        const added = tagsAdded.get(contact.id) ?? new Set<string>();
        for (const tag of v.tags) {
          if (!current.has(tag)) {
            current.add(tag);
            if (!newContacts.has(contact.id)) added.add(tag);
          }
        }
        contact.tags = JSON.stringify([...current]);
        if (added.size > 0) tagsAdded.set(contact.id, added);
      }

      if (v.donation) {
        const donationContactId = v.donation.contactId ?? contact.id;
        donations.push({
          id: newId(),
          accountId,
          contactId: donationContactId,
          campaignId,
          donationAccountId,
          donationAmount: v.donation.amount,
          paymentMethod: v.donation.paymentMethod,
          status: v.donation.status,
          donationDate: v.donation.date,
          checkNumber: v.donation.paymentMethod === 'check' ? v.donation.checkNumber : null,
          transactionId: v.donation.transactionId,
          isAnonymous: false,
          isRecurring: false,
          importId,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        });
        donors.add(donationContactId);
      }
      if (v.pledge) {
        pledges.push({
          id: newId(),
          accountId,
          contactId: v.pledge.contactId ?? contact.id,
          campaignId,
          pledgeAmount: v.pledge.amount,
          amountFulfilled: 0,
          frequency: 'one_time',
          pledgeDate: today,
          dueDate: v.pledge.dueDate,
          status: v.pledge.status,
          paymentMethod: 'cash',
          isAnonymous: false,
          importId,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        });
      }
      if (v.notes) {
        const noteId = newId();
        notes.push({ id: noteId, accountId, contactId: contact.id, subject: 'Imported note', content: v.notes, noteType: 'general', isPrivate: false, createdBy: userId, createdAt: now, updatedAt: now });
        effects.push({ kind: 'note_created', contactId: contact.id, targetId: noteId });
      }
      if (v.associate) {
        const a = v.associate;
        const associate = resolve({ firstName: a.firstName, lastName: a.lastName, email: a.email, phone: a.phone, zipCode: v.zipCode });
        if (associate.id !== contact.id) {
          const associationId = newId();
          associations.push({
            id: associationId,
            accountId,
            contactId: contact.id,
            associatedContactId: associate.id,
            relationshipType: a.relationship,
            sortOrder: 0,
            createdAt: now,
            updatedAt: now,
          });
          effects.push({ kind: 'association_created', contactId: contact.id, targetId: associationId });
        }
      }
    }

    // Writes, in dependency order.
    const created = [...newContacts.values()];
    await repo.insert(trx, 'contacts', created);
    for (const contact of created) effects.push({ kind: 'contact_created', contactId: contact.id, targetId: null });
    for (const id of new Set([...filled.keys(), ...tagsAdded.keys()])) {
      const update: Row = { ...(filled.get(id) ?? {}) };
      const tags = tagsAdded.get(id);
      if (tags) update.tags = known.get(id)?.tags;
      await repo.updateContact(trx, accountId, id, update);
      if (filled.has(id)) effects.push({ kind: 'contact_filled', contactId: id, targetId: null, data: JSON.stringify(filled.get(id)) });
      if (tags) effects.push({ kind: 'tags_added', contactId: id, targetId: null, data: JSON.stringify([...tags]) });
    }
    await repo.insert(trx, 'pledges', pledges);
    await repo.insert(trx, 'donations', donations);
    await repo.insert(trx, 'contact_notes', notes);
    await repo.insert(trx, 'contact_associations', associations);
    await repo.insert(
      trx,
      'import_effects',
      effects.map((e) => ({ id: newId(), accountId, importId, data: null, ...e })),
    );

    // Totals, in the same transaction as the rows they sum.
    for (const contactId of donors) await financials.recomputeContactStats(trx, accountId, contactId);
    if (campaignId && (donations.length > 0 || pledges.length > 0)) await recomputeCampaignTotals(trx, accountId, [campaignId]);

    const skipped = work.filter((w) => w.reason);
    await repo.markRows(trx, kept.map((w) => w.id), 'imported');
    await repo.markRows(trx, skipped.map((w) => w.id), 'skipped');
    await repo.insertErrors(trx, accountId, importId, skipped.map((w) => ({ rowNumber: w.rowNumber, message: w.reason as string })));
    await repo.addCounts(trx, importId, {
      recordsImported: kept.length,
      recordsSkipped: skipped.length,
      contactsCreated: created.length,
      contactsUpdated: filled.size,
    });
    return { processed: work.length, imported: kept.length, skipped: skipped.length };
  }

  return { processBatch };
}

export type ImportPipeline = ReturnType<typeof createImportPipeline>;
