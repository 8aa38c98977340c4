import type { Knex } from 'knex';
import {
  defaultElectionCode,
  mapImportRow,
  validateImportRow,
  type ImportRowValues,
} from '../../contract';
import { MAX_MONEY } from '../../contract/common';
import { COUNTED_DONATION_STATUS } from '../../db/enums';
import { engineOf } from '../../db/knex';
import { toBool, toJsonArray, toMoney } from '../../db/values';
import { newId } from '../../lib/ids';
import { committeeElections } from '../committees/repository';
import { committeeOfCampaign, NO_COMMITTEE_FOR_ELECTION, noElectionMessage } from '../compliance/designation';
import { accountDonatedCents, recordImportedGifts } from '../ledger';
import { syncSmartListsOf } from '../contactLists';
import { findMatchingContacts, keysOfContact, matchKeyOf, type ContactRow } from '../matching';
import { skipDuplicateGifts } from './duplicates';
import type { DataImportRepository } from './repository';

// One batch of an import, in one transaction: every pending row of the batch ends imported or
// skipped-with-reason, together with what it wrote and the import's counts. A crash rolls the whole
// batch back, so its rows are still pending when the job runs again: no row is done twice.
//
// Writes under concurrency (ADR 0002): the batch locks the contacts it writes (in id order), then
// the campaign, like every money write of the app, and works from what those locks show. On MariaDB
// the reads that only say what to lock (the pending rows, the matching) run outside the batch's
// transaction: under REPEATABLE READ a transaction's first plain read fixes its snapshot, and totals
// worked out from a snapshot taken before the locks would miss a donation saved in between.

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
const MAX_CENTS = Math.round(MAX_MONEY * 100);
const moneyText = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
export const CONTACT_TOTAL_TOO_LARGE = `amount would take the contact's total donated past ${moneyText(MAX_CENTS)}`;
export const CAMPAIGN_TOTAL_TOO_LARGE = `amount would take the campaign's amount raised past ${moneyText(MAX_CENTS)}`;
export const ACCOUNT_TOTAL_TOO_LARGE = `amount would take the account's total donated past ${moneyText(MAX_CENTS)}`;
export const duplicateTransactionReason = (id: string) => `Transaction ID "${id}" already exists in this account`;

export type BatchContext = {
  importRow: Row;
  userId: string | null;
  today: string;
};

export type BatchResult = { processed: number; imported: number; skipped: number };

export function createImportPipeline(repo: DataImportRepository) {
  /** Processes the import's next pending chunk of rows. Runs inside the caller's transaction, which holds the import's row. */
  async function processBatch(trx: Knex.Transaction, importRow: Row): Promise<BatchResult> {
    const importId = String(importRow.id);
    const accountId = String(importRow.accountId);
    const campaignId = importRow.campaignId ? String(importRow.campaignId) : null;
    const donationAccountId = importRow.donationAccountId ? String(importRow.donationAccountId) : null;
    const userId = importRow.createdBy ? String(importRow.createdBy) : null;
    const headers = toJsonArray<string>(importRow.headers);
    const mapping = JSON.parse(String(importRow.mapping ?? '{}')) as Record<string, string>;
    const today = new Date().toISOString().slice(0, 10);
    const now = new Date();
    // SQLite has one connection (and one writer at a time): its reads stay in the transaction.
    const planner: Knex | Knex.Transaction = engineOf(trx) === 'mysql' ? repo.knex : trx;

    // Only this import's lease holder changes its chunks, so the chunk read here stays pending.
    const chunk = await repo.nextChunk(planner, importId);
    if (!chunk) return { processed: 0, imported: 0, skipped: 0 };

    type Work = { rowNumber: number; cells: unknown[]; values: ImportRowValues; reason: string | null };
    const work: Work[] = chunk.rows.map(({ rowNumber, cells }) => {
      const keyed: Row = {};
      headers.forEach((header, i) => {
        keyed[header] = cells[i];
      });
      const { values, errors } = validateImportRow(mapImportRow(keyed, mapping), today);
      return { rowNumber, cells, values, reason: errors.length > 0 ? errors.map((e) => e.message).join('; ') : null };
    });

    // A transaction id already in the account (or earlier in the file) is the same gift sent twice.
    const txIds = work.filter((w) => !w.reason && w.values.donation?.transactionId).map((w) => w.values.donation!.transactionId!);
    const existingTx = await repo.existingTransactionIds(planner, accountId, txIds);
    for (const w of work) {
      const txId = w.values.donation?.transactionId;
      if (w.reason || !txId) continue;
      if (existingTx.has(txId)) w.reason = duplicateTransactionReason(txId);
      else existingTx.add(txId);
    }

    // Matching: existing contacts first, then the rows of this batch among themselves (a contact made
    // by an earlier batch is already in the database).
    const namedIdsOf = (w: Work) => [w.values.contactId, w.values.donation?.contactId, w.values.pledge?.contactId].filter((id): id is string => Boolean(id));
    const people = work
      .filter((w) => !w.reason)
      .flatMap((w) => {
        const list = [w.values];
        if (w.values.associate) list.push({ ...w.values, ...w.values.associate, zipCode: w.values.zipCode } as ImportRowValues);
        return list;
      });
    const matched = await findMatchingContacts(planner, accountId, people);

    // The locks, in the app's order: the contacts this batch may write (named by id or matched), in
    // id order, then the campaign. Everything below works from rows read under them.
    const namedIds = work.flatMap((w) => (w.reason ? [] : namedIdsOf(w)));
    const locked = await repo.lockContacts(trx, accountId, [...namedIds, ...[...matched.values()].map((c) => c.id)]);
    const raised = campaignId ? await repo.lockCampaigns(trx, accountId, [campaignId]) : new Map<string, number>();
    // Election designations (issue 14): a mapped code must be an election of the campaign's committee.
    const committeeId = await committeeOfCampaign(trx, accountId, campaignId);
    const elections = committeeId ? await committeeElections(trx, accountId, committeeId) : [];

    // Contacts named by id must be this account's (and still there).
    for (const w of work) {
      if (!w.reason && namedIdsOf(w).some((id) => !locked.has(id))) w.reason = CONTACT_NOT_FOUND_REASON;
    }
    const byKey = new Map<string, ContactRow>();
    for (const [key, contact] of matched) {
      const current = locked.get(contact.id);
      if (current) byKey.set(key, current as ContactRow);
    }
    // Whom the campaign already counts as reached (a donation or pledge to it before this batch).
    const reachedBefore = campaignId ? await repo.contactsReached(trx, accountId, campaignId, [...locked.keys()]) : new Set<string>();

    const newContacts = new Map<string, ContactRow>();
    const filled = new Map<string, Row>();
    const tagsAdded = new Map<string, Set<string>>();
    const effects: Row[] = [];

    const known = new Map<string, ContactRow>([...locked.values()].map((c) => [c.id, c as ContactRow]));
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
        donationCount: 0,
        averageDonation: 0,
        lastDonationAmount: null,
        lastDonationDate: null,
        tags: '[]',
        // Not "added by hand": the getting-started checklist tells the two apart.
        source: 'import',
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      };
      for (const [, column] of CONTACT_FIELDS) contact[column] = null;
      newContacts.set(contact.id, contact);
      fillEmpty(contact, values);
      return contact;
    };

    const keyOf = (values: Partial<ImportRowValues>) =>
      matchKeyOf({ email: values.email ?? null, firstName: values.firstName ?? null, lastName: values.lastName ?? null, zipCode: values.zipCode ?? null });
    /** The contact a row's person is (found, or made earlier in this batch), without changing anything. */
    const lookup = (values: Partial<ImportRowValues>): ContactRow | undefined => {
      const key = keyOf(values);
      return key ? byKey.get(key) : undefined;
    };
    const resolve = (values: Partial<ImportRowValues>): ContactRow => {
      const found = lookup(values);
      if (found) {
        fillEmpty(found, values);
        return found;
      }
      return createContact(values);
    };

    // Possible duplicate gifts (already recorded, or earlier in the file) are skipped unless included in review.
    await skipDuplicateGifts(trx, accountId, importRow, work, (w) => w.values.donation?.contactId ?? w.values.contactId ?? lookup(w.values)?.id ?? null, (w) => keyOf(w.values));

    // Totals in cents as they stand under the locks, so a row that would take one past what its
    // column holds (DECIMAL(14,2)) is skipped with its reason instead of failing the whole batch.
    const donatedCents = new Map<string, number>();
    const centsOf = (contactId: string | undefined) => {
      if (!contactId) return 0;
      const current = donatedCents.get(contactId);
      if (current !== undefined) return current;
      const stored = Math.round(Number(known.get(contactId)?.totalDonated ?? 0) * 100);
      donatedCents.set(contactId, stored);
      return stored;
    };
    let campaignCents = campaignId ? Math.round((raised.get(campaignId) ?? 0) * 100) : 0;
    // The account-wide tally (every contact's total summed) has the same bound; read after the
    // contact and campaign locks, in the app's lock order.
    let accountCents = await accountDonatedCents(trx, accountId);

    const donations: Row[] = [];
    const pledges: Row[] = [];
    const notes: Row[] = [];
    const associations: Row[] = [];
    const reachedNow = new Set<string>();

    for (const w of work) {
      if (w.reason) continue;
      const v = w.values;
      const namedId = v.contactId ?? v.donation?.contactId ?? v.pledge?.contactId;
      const hasPerson = Boolean(v.firstName || v.lastName || v.email || v.organization);
      const explicitElection = v.donation?.electionCode ?? null;
      if (explicitElection && !elections.some((e) => e.code === explicitElection)) {
        w.reason = committeeId ? noElectionMessage(explicitElection) : NO_COMMITTEE_FOR_ELECTION;
        continue;
      }

      const counted = v.donation && v.donation.status === COUNTED_DONATION_STATUS ? Math.round(v.donation.amount * 100) : 0;
      if (counted > 0) {
        const donorId = v.donation?.contactId ?? namedId ?? lookup(v)?.id;
        if (centsOf(donorId) + counted > MAX_CENTS) w.reason = CONTACT_TOTAL_TOO_LARGE;
        else if (campaignId && campaignCents + counted > MAX_CENTS) w.reason = CAMPAIGN_TOTAL_TOO_LARGE;
        else if (accountCents + counted > MAX_CENTS) w.reason = ACCOUNT_TOTAL_TOO_LARGE;
        if (w.reason) continue;
      }

      let contact: ContactRow;
      if (namedId) {
        contact = known.get(namedId) as ContactRow;
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
          electionCode: explicitElection ?? (v.donation.date ? defaultElectionCode(elections, v.donation.date) : null),
          isAnonymous: false,
          isRecurring: false,
          importId,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        });
        reachedNow.add(donationContactId);
        if (counted > 0) {
          donatedCents.set(donationContactId, centsOf(donationContactId) + counted);
          campaignCents += counted;
          accountCents += counted;
        }
      }
      if (v.pledge) {
        const pledgeContactId = v.pledge.contactId ?? contact.id;
        pledges.push({
          id: newId(),
          accountId,
          contactId: pledgeContactId,
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
        reachedNow.add(pledgeContactId);
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

    // Writes, in dependency order. New contacts start at no gifts; the ledger gives them their figures.
    const created = [...newContacts.values()];
    await repo.insert(trx, 'contacts', created);
    for (const id of new Set([...filled.keys(), ...tagsAdded.keys()])) {
      const update: Row = { ...(filled.get(id) ?? {}) };
      const tags = tagsAdded.get(id);
      if (tags) update.tags = known.get(id)?.tags;
      await repo.updateContact(trx, accountId, id, update);
      if (filled.has(id)) effects.push({ kind: 'contact_filled', contactId: id, targetId: null, data: JSON.stringify(filled.get(id)) });
      if (tags) effects.push({ kind: 'tags_added', contactId: id, targetId: null, data: JSON.stringify([...tags]) });
    }
    // The gifts go through the ledger: their rows, every donor's figures (new contacts' too), the
    // roll-ups, the excess flags of the elections given to, the campaign's totals and their trace.
    const newlyReached = [...reachedNow].filter((id) => !reachedBefore.has(id));
    await recordImportedGifts(trx, accountId, { userId, sessionId: null }, {
      donations,
      pledges,
      campaignId,
      committeeId,
      newlyReached: { contacts: campaignId ? newlyReached.length : 0, volunteers: campaignId ? newlyReached.filter((id) => toBool(known.get(id)?.isVolunteer)).length : 0 },
    });
    await repo.insert(trx, 'contact_notes', notes);
    await repo.insert(trx, 'contact_associations', associations);
    await repo.insert(
      trx,
      'import_effects',
      effects.map((e) => ({ id: newId(), accountId, importId, data: null, ...e })),
    );

    // Smart lists keep themselves current: this batch's new and changed contacts, set-based (earlier
    // donors followed their new figures in the ledger).
    await syncSmartListsOf(trx, accountId, [...newContacts.keys(), ...filled.keys(), ...tagsAdded.keys()]);

    const imported = work.filter((w) => !w.reason);
    const skipped = work.filter((w) => w.reason);
    await repo.markChunkDone(trx, chunk.id, created.map((c) => c.id));
    await repo.insertSkipped(trx, accountId, importId, skipped.map((w) => ({ rowNumber: w.rowNumber, reason: w.reason as string, cells: w.cells })), 'server');
    await repo.addCounts(trx, importId, {
      recordsImported: imported.length,
      recordsSkipped: skipped.length,
      contactsCreated: created.length,
      contactsUpdated: filled.size,
    });
    return { processed: work.length, imported: imported.length, skipped: skipped.length };
  }

  return { processBatch };
}

export type ImportPipeline = ReturnType<typeof createImportPipeline>;
