import type { Knex } from 'knex';
import { ADDRESS_COUNTRY_VALUES, CONTACT_MERGE_FIELD_NAMES, UNDO_WINDOW_DAYS, type ContactMergeField, type MergeResponse } from '@caucus/contract';
import type {
  ContactAddressRow,
  ContactAssociationRow,
  ContactDuplicateRow,
  ContactEmailAddressRow,
  ContactListMemberRow,
  ContactMergeRow,
  ContactPhoneNumberRow,
  ContactRow,
  DonationRow,
  PledgeRow,
} from '../../db/rows';
import { giftsByContact } from '../../db/giftsByContact';
import { inTransaction } from '../../db/transaction';
import { toIsoDateTime, toJsonArray } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { recordAudit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { DONATION_FACT_COLUMNS, type DonationFacts } from '../analytics-reports/rollups';
import { committeeOfCampaign, type ExcessKey } from '../compliance/designation';
import { lockMoneyRows, moveKeepingReach, refreshFigures, traceMoney, type LedgerActor } from '../ledger';

// A merge of duplicate contacts (docs: DESIGN "Money": merges are ledger operations). Following the
// ledger's three steps for a new operation (lockMoneyRows, write rows, refreshFigures + traceMoney):
// every gift and pledge of the merged records moves to the survivor and every derived figure (contact
// giving, campaign totals, roll-ups, election aggregates and excess flags) is brought back in line in
// the same transaction. Everything else a record holds moves too (emails, phones, addresses, notes,
// documents, list memberships, related contacts, tags); the merged-away row stays, pointing at the
// survivor, so old links keep working. A snapshot of what was moved lets the undo put it all back.

/**
 * A row of any of the tables a merge touches, column by column as the driver gave it: the snapshot
 * keeps such rows (JSON) so that the undo writes them back exactly, whichever table they came from.
 */
type StoredRow = Record<string, unknown>;
type Db = Knex | Knex.Transaction;

export const CONTACT_NOT_FOUND = 'Contact not found';
export const MERGE_NOT_FOUND = 'Merge not found';
export const ALREADY_MERGED = 'This contact was already merged into another';
export const MERGE_ALREADY_UNDONE = 'This merge was already undone';
export const MERGE_TOO_OLD = `A merge can be undone within ${UNDO_WINDOW_DAYS} days`;
export const MERGE_LATER_CHANGED = 'A later merge involves these contacts: undo it first';
export const MERGE_CONTACT_DELETED = 'A contact of this merge has been deleted since, so the merge cannot be undone';

/** Child rows that simply change owner: table and its column naming the contact. */
const MOVED_TABLES: [string, string][] = [
  ['contact_phone_numbers', 'contactId'],
  ['contact_email_addresses', 'contactId'],
  ['contact_addresses', 'contactId'],
  ['contact_education', 'contactId'],
  ['contact_employment', 'contactId'],
  ['contact_notes', 'contactId'],
  ['contact_documents', 'contactId'],
  ['contact_associations', 'contactId'],
  ['contact_associations', 'associatedContactId'],
  ['pledges', 'contactId'],
];

/** The contact columns a merge changes, which its undo writes back. */
const RESTORED_COLUMNS = [...CONTACT_MERGE_FIELD_NAMES, 'tags', 'status', 'mergedIntoId', 'updatedAt'];

type Moved = { table: string; column: string; id: string; from: string };
type Snapshot = {
  /** The contacts' rows as they were (ContactRow before the JSON round trip). */
  contacts: StoredRow[];
  moved: Moved[];
  donations: { id: string; from: string }[];
  /** Rows removed because the survivor had the same (a list membership, an association with itself, a duplicate pair). */
  removed: { table: string; row: StoredRow }[];
  /** Rows the merge wrote for the survivor: the emails, phones and addresses of the records it did not keep in its own fields. */
  added?: { table: string; id: string }[];
};

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const ms = (v: unknown) => (v ? new Date(v as string | Date).getTime() : 0);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A row read back from a snapshot (JSON): instants become Dates again, as the drivers write them. */
function revive(row: StoredRow): StoredRow {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && ISO_INSTANT.test(v) ? new Date(v) : v]));
}

/** The survivor's merged fields (null where no record has a value) and its tags (JSON text, every record's). */
export type MergedValues = Partial<Record<ContactMergeField, ContactRow[ContactMergeField] | null>> & { tags: string };

/** Per field, the value of the record chosen, else the most recently updated record's non-empty value. */
export function mergedValues(contacts: ContactRow[], fields: Partial<Record<ContactMergeField, string>>): MergedValues {
  const newestFirst = [...contacts].sort((a, b) => ms(b.updatedAt) - ms(a.updatedAt));
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const out: Partial<Record<ContactMergeField, ContactRow[ContactMergeField] | null>> = {};
  for (const field of CONTACT_MERGE_FIELD_NAMES) {
    const chosen = fields[field];
    if (chosen) out[field] = byId.get(chosen)?.[field] ?? null;
    else out[field] = newestFirst.find((c) => !blank(c[field]))?.[field] ?? null;
  }
  const tags = new Set<string>();
  for (const c of contacts) for (const tag of toJsonArray<string>(c.tags)) tags.add(tag);
  return { ...out, tags: JSON.stringify([...tags]) };
}

async function campaignsOf(db: Db, accountId: string, contactIds: string[]): Promise<string[]> {
  const rows: Pick<DonationRow, 'campaignId'>[] = await db
    .from(giftsByContact(db, 'donations'))
    .where('donations.accountId', accountId)
    .whereIn('donations.contactId', contactIds)
    .distinct('donations.campaignId');
  const pledges: Pick<PledgeRow, 'campaignId'>[] = await db
    .from(giftsByContact(db, 'pledges'))
    .where('pledges.accountId', accountId)
    .whereIn('pledges.contactId', contactIds)
    .distinct('pledges.campaignId');
  return [...new Set([...rows, ...pledges].map((r) => str(r.campaignId)).filter((c): c is string => Boolean(c)))];
}

/** The election keys of these gifts for each of the contacts (their limits are per contributor). */
async function excessKeys(trx: Knex.Transaction, accountId: string, gifts: GiftRow[], contactIds: string[]): Promise<ExcessKey[]> {
  const keys: ExcessKey[] = [];
  const committees = new Map<string, string | null>();
  for (const g of gifts) {
    const campaignId = str(g.campaignId);
    const electionCode = str(g.electionCode);
    if (!campaignId || !electionCode) continue;
    if (!committees.has(campaignId)) committees.set(campaignId, await committeeOfCampaign(trx, accountId, campaignId));
    const committeeId = committees.get(campaignId);
    if (!committeeId) continue;
    for (const contactId of contactIds) keys.push({ contactId, committeeId, electionCode });
  }
  return keys;
}

const giftColumns = ['donations.id', 'donations.electionCode', 'donations.pledgeId', ...DONATION_FACT_COLUMNS];
/** A gift as a merge moves it: giftColumns. */
type GiftRow = Pick<
  DonationRow,
  'id' | 'electionCode' | 'pledgeId' | 'contactId' | 'campaignId' | 'donationDate' | 'paymentMethod' | 'status' | 'donationAmount'
>;
const factsOf = (g: GiftRow, contactId: string): DonationFacts => ({
  contactId,
  campaignId: g.campaignId,
  donationDate: g.donationDate,
  paymentMethod: g.paymentMethod,
  status: g.status,
  donationAmount: g.donationAmount,
});

function toMergeRecord(
  row: Pick<ContactMergeRow, 'id' | 'survivorId' | 'mergedIds' | 'createdAt' | 'undoneAt'>,
  giftsMoved: number,
  pledgesMoved: number,
): MergeResponse['merge'] {
  return {
    id: row.id,
    survivorId: row.survivorId,
    mergedIds: toJsonArray<string>(row.mergedIds),
    createdAt: toIsoDateTime(row.createdAt),
    undoneAt: toIsoDateTime(row.undoneAt ?? null),
    giftsMoved,
    pledgesMoved,
  };
}

const emailKey = (v: unknown) => (blank(v) ? null : String(v).trim().toLowerCase());
const phoneKey = (v: unknown) => {
  const digits = blank(v) ? '' : String(v).replace(/\D/g, '');
  return digits.length === 0 ? null : digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};
const addressKey = (line1: unknown, zip: unknown) =>
  blank(line1) ? null : `${String(line1).trim().toLowerCase().replace(/\s+/g, ' ')}|${blank(zip) ? '' : String(zip).trim().slice(0, 5)}`;
const KEPT_NOTE = 'Kept from a merged record';
/** An address list's country is one of the form's choices: the record's own country when it is one. */
const countryOf = (v: unknown) => {
  const text = blank(v) ? 'US' : String(v).trim();
  return (ADDRESS_COUNTRY_VALUES as readonly string[]).includes(text) ? text : 'other';
};

/**
 * Every email, phone and address of the merged records stays with the survivor: a value its own
 * fields do not keep (the field took another record's value) and its lists do not hold yet is added
 * to its lists (emails, phones, addresses), where the contact page shows it. Answers the rows added,
 * which the undo removes.
 */
async function keepEveryAddress(
  trx: Knex.Transaction,
  accountId: string,
  survivorId: string,
  contacts: ContactRow[],
  values: MergedValues,
  now: Date,
): Promise<{ table: string; id: string }[]> {
  const added: { table: string; id: string }[] = [];
  const child = (table: string, row: StoredRow): StoredRow => {
    const id = newId();
    added.push({ table, id });
    return { id, accountId, contactId: survivorId, isPrimary: false, notes: KEPT_NOTE, sortOrder: 100 + added.length, createdAt: now, updatedAt: now, ...row };
  };

  const emails = new Set([values.primaryEmail, values.secondaryEmail].map(emailKey));
  const ownEmails: Pick<ContactEmailAddressRow, 'emailAddress'>[] = await trx('contact_email_addresses')
    .where({ accountId, contactId: survivorId })
    .select('emailAddress');
  for (const r of ownEmails) emails.add(emailKey(r.emailAddress));
  const phones = new Set([values.primaryPhone, values.secondaryPhone, values.mobilePhone].map(phoneKey));
  const ownPhones: Pick<ContactPhoneNumberRow, 'phoneNumber'>[] = await trx('contact_phone_numbers')
    .where({ accountId, contactId: survivorId })
    .select('phoneNumber');
  for (const r of ownPhones) phones.add(phoneKey(r.phoneNumber));
  const addresses = new Set([addressKey(values.addressLine1, values.zipCode)]);
  const ownAddresses: Pick<ContactAddressRow, 'streetAddress1' | 'postalCode'>[] = await trx('contact_addresses')
    .where({ accountId, contactId: survivorId })
    .select('streetAddress1', 'postalCode');
  for (const r of ownAddresses) addresses.add(addressKey(r.streetAddress1, r.postalCode));

  const emailRows: StoredRow[] = [];
  const phoneRows: StoredRow[] = [];
  const addressRows: StoredRow[] = [];
  for (const c of contacts) {
    for (const field of ['primaryEmail', 'secondaryEmail'] as const) {
      const key = emailKey(c[field]);
      if (!key || emails.has(key)) continue;
      emails.add(key);
      emailRows.push(child('contact_email_addresses', { emailAddress: String(c[field]).trim(), emailType: 'other' }));
    }
    for (const field of ['primaryPhone', 'secondaryPhone', 'mobilePhone'] as const) {
      const key = phoneKey(c[field]);
      if (!key || phones.has(key)) continue;
      phones.add(key);
      phoneRows.push(child('contact_phone_numbers', { phoneNumber: String(c[field]).trim(), phoneType: field === 'mobilePhone' ? 'mobile' : 'other' }));
    }
    const key = addressKey(c.addressLine1, c.zipCode);
    if (key && !addresses.has(key)) {
      addresses.add(key);
      addressRows.push(
        child('contact_addresses', {
          addressType: 'other',
          streetAddress1: String(c.addressLine1).trim(),
          streetAddress2: str(c.addressLine2),
          city: str(c.city) ?? '',
          stateProvince: str(c.state) ?? '',
          postalCode: str(c.zipCode) ?? '',
          country: countryOf(c.country),
        }),
      );
    }
  }
  if (emailRows.length > 0) await trx('contact_email_addresses').insert(emailRows);
  if (phoneRows.length > 0) await trx('contact_phone_numbers').insert(phoneRows);
  if (addressRows.length > 0) await trx('contact_addresses').insert(addressRows);
  return added;
}

export type MergeInput = { survivorId: string; mergedIds: string[]; fields: Partial<Record<ContactMergeField, string>> };

/**
 * check: called with the contacts' rows once they are locked, before anything moves; throws to refuse
 * (the bulk merge's "they still share one email").
 */
export async function mergeContacts(
  knex: Knex,
  accountId: string,
  actor: LedgerActor,
  input: MergeInput,
  check?: (contacts: ContactRow[]) => void,
): Promise<MergeResponse['merge']> {
  const ids = [input.survivorId, ...input.mergedIds];
  for (const id of ids) assertIdOr404(id, CONTACT_NOT_FOUND);
  // Which campaigns to lock, read before the transaction (ADR 0002's order: contacts, then campaigns).
  const campaigns = await campaignsOf(knex, accountId, ids);
  return inTransaction(knex, async (trx) => {
    await lockMoneyRows(trx, accountId, ids, campaigns);
    const contacts = await scoped<ContactRow>(trx, 'contacts', accountId).whereIn('contacts.id', ids).select('contacts.*');
    if (contacts.length !== ids.length) throw new NotFound(CONTACT_NOT_FOUND);
    if (contacts.some((c) => c.mergedIntoId)) throw new Conflict(ALREADY_MERGED);
    check?.(contacts);
    const survivor = contacts.find((c) => c.id === input.survivorId);
    // Every id was found (the survivor's among them); this only tells the compiler so.
    if (!survivor) throw new NotFound(CONTACT_NOT_FOUND);
    const merged = input.mergedIds;
    const snapshot: Snapshot = { contacts, moved: [], donations: [], removed: [] };

    // Related contacts between the merged records themselves would point the survivor at itself: removed.
    const selfLinks = await scoped<ContactAssociationRow>(trx, 'contact_associations', accountId)
      .whereIn('contact_associations.contactId', ids)
      .whereIn('contact_associations.associatedContactId', ids)
      .select('*');
    for (const link of selfLinks) snapshot.removed.push({ table: 'contact_associations', row: link });
    if (selfLinks.length > 0)
      await scoped(trx, 'contact_associations', accountId)
        .whereIn(
          'contact_associations.id',
          selfLinks.map((l) => String(l.id)),
        )
        .delete();

    // Gifts and the rows that hang on the contact (pledges among them) move to the survivor; figures refreshed below.
    const gifts: GiftRow[] = await scoped(trx, 'donations', accountId).whereIn('donations.contactId', merged).select(giftColumns);
    await moveKeepingReach(trx, accountId, ids, async () => {
      for (let i = 0; i < gifts.length; i += 500) {
        await scoped(trx, 'donations', accountId)
          .whereIn(
            'donations.id',
            gifts.slice(i, i + 500).map((g) => String(g.id)),
          )
          .update({ contactId: input.survivorId, updatedAt: new Date() });
      }
      for (const [table, column] of MOVED_TABLES) {
        const rows: { id: string; owner: string }[] = await scoped(trx, table, accountId)
          .whereIn(`${table}.${column}`, merged)
          .select(`${table}.id`, `${table}.${column} as owner`);
        for (const r of rows) snapshot.moved.push({ table, column, id: String(r.id), from: String(r.owner) });
        for (let i = 0; i < rows.length; i += 500) {
          await scoped(trx, table, accountId)
            .whereIn(
              `${table}.id`,
              rows.slice(i, i + 500).map((r) => String(r.id)),
            )
            .update({ [column]: input.survivorId });
        }
      }
    });
    snapshot.donations = gifts.map((g) => ({ id: String(g.id), from: String(g.contactId) }));

    // List memberships: the survivor's own stays; the merged record's other lists become the survivor's.
    const survivorMemberships: Pick<ContactListMemberRow, 'listId'>[] = await trx('contact_list_members').where('contactId', input.survivorId).select('listId');
    const survivorLists = new Set(survivorMemberships.map((r) => r.listId));
    const memberships: ContactListMemberRow[] = await trx('contact_list_members').whereIn('contactId', merged).select('*');
    for (const m of memberships) {
      if (survivorLists.has(String(m.listId))) {
        snapshot.removed.push({ table: 'contact_list_members', row: m });
        await trx('contact_list_members').where({ listId: m.listId, contactId: m.contactId }).delete();
      } else {
        survivorLists.add(String(m.listId));
        snapshot.moved.push({ table: 'contact_list_members', column: 'contactId', id: `${m.listId}|${m.contactId}`, from: String(m.contactId) });
        await trx('contact_list_members').where({ listId: m.listId, contactId: m.contactId }).update({ contactId: input.survivorId });
      }
    }

    // The duplicate queue's pairs of the merged records are settled by the merge.
    const pairs = await scoped<ContactDuplicateRow>(trx, 'contact_duplicates', accountId)
      .where((q) => q.whereIn('contact_duplicates.firstContactId', merged).orWhereIn('contact_duplicates.secondContactId', merged))
      .select('*');
    for (const p of pairs) snapshot.removed.push({ table: 'contact_duplicates', row: p });
    if (pairs.length > 0)
      await scoped(trx, 'contact_duplicates', accountId)
        .whereIn(
          'contact_duplicates.id',
          pairs.map((p) => String(p.id)),
        )
        .delete();

    // The survivor's fields, chosen record by record; the merged rows point at it.
    const values = mergedValues(contacts, input.fields);
    const now = new Date();
    await scoped(trx, 'contacts', accountId)
      .where('contacts.id', input.survivorId)
      .update({ ...values, updatedAt: now });
    await scoped(trx, 'contacts', accountId).whereIn('contacts.id', merged).update({ mergedIntoId: input.survivorId, status: 'merged', updatedAt: now });
    snapshot.added = await keepEveryAddress(trx, accountId, input.survivorId, contacts, values, now);

    await refreshFigures(trx, accountId, {
      rollups: { removed: gifts.map((g) => factsOf(g, String(g.contactId))), added: gifts.map((g) => factsOf(g, input.survivorId)) },
      excess: await excessKeys(trx, accountId, gifts, ids),
      contacts: ids,
      campaigns,
    });
    await traceMoney(
      trx,
      accountId,
      actor,
      'donation',
      gifts.map((g) => ({ id: String(g.id), action: 'move', before: g, after: { ...g, contactId: input.survivorId } })),
    );

    const mergeId = newId();
    await trx('contact_merges').insert({
      id: mergeId,
      accountId,
      survivorId: input.survivorId,
      mergedIds: JSON.stringify(merged),
      snapshot: JSON.stringify(snapshot),
      createdBy: actor.userId,
      createdAt: now,
      undoneAt: null,
      undoneBy: null,
    });
    const pick = (row: ContactRow) => Object.fromEntries([...CONTACT_MERGE_FIELD_NAMES, 'tags' as const].map((f) => [f, row[f] ?? null]));
    await recordAudit(trx, [
      {
        accountId,
        actor,
        entityType: 'contact',
        entityId: input.survivorId,
        action: 'merge',
        before: { ...pick(survivor), mergeId, mergedIds: merged },
        after: { ...values, mergeId, mergedIds: merged },
      },
      ...merged.map((id) => ({
        accountId,
        actor,
        entityType: 'contact',
        entityId: id,
        action: 'merged_into',
        before: { mergeId, mergedIntoId: null },
        after: { mergeId, mergedIntoId: input.survivorId },
      })),
    ]);
    const pledgesMoved = snapshot.moved.filter((m) => m.table === 'pledges').length;
    return toMergeRecord(
      { id: mergeId, survivorId: input.survivorId, mergedIds: JSON.stringify(merged), createdAt: now, undoneAt: null },
      gifts.length,
      pledgesMoved,
    );
  });
}

/** Puts both records back exactly as they were, and every row the merge moved, within the undo window. */
export async function undoMerge(knex: Knex, accountId: string, actor: LedgerActor, mergeId: string): Promise<MergeResponse['merge']> {
  assertIdOr404(mergeId, MERGE_NOT_FOUND);
  const planned = await scoped<ContactMergeRow>(knex, 'contact_merges', accountId).where('contact_merges.id', mergeId).first();
  if (!planned) throw new NotFound(MERGE_NOT_FOUND);
  const ids = [planned.survivorId, ...toJsonArray<string>(planned.mergedIds)];
  const campaigns = await campaignsOf(knex, accountId, ids);
  return inTransaction(knex, async (trx) => {
    await lockMoneyRows(trx, accountId, ids, campaigns);
    const row = await scoped<ContactMergeRow>(trx, 'contact_merges', accountId).where('contact_merges.id', mergeId).forUpdate().first();
    if (!row) throw new NotFound(MERGE_NOT_FOUND);
    if (row.undoneAt) throw new Conflict(MERGE_ALREADY_UNDONE);
    if (Date.now() - ms(row.createdAt) > UNDO_WINDOW_DAYS * 86_400_000) throw new Conflict(MERGE_TOO_OLD);
    const later = await scoped(trx, 'contact_merges', accountId)
      .whereNull('contact_merges.undoneAt')
      .where('contact_merges.createdAt', '>', row.createdAt)
      .whereIn('contact_merges.survivorId', ids)
      .first('contact_merges.id');
    if (later) throw new Conflict(MERGE_LATER_CHANGED);
    // A contact deleted after the merge (one without gifts may be) has nothing left to give back to.
    const present = await scoped(trx, 'contacts', accountId).whereIn('contacts.id', ids).count({ n: '*' }).first();
    if (Number(present?.n ?? 0) !== ids.length) throw new Conflict(MERGE_CONTACT_DELETED);
    const snapshot = JSON.parse(row.snapshot) as Snapshot;
    const survivorId = row.survivorId;

    const giftIds = snapshot.donations.map((d) => d.id);
    const gifts: GiftRow[] = [];
    for (let i = 0; i < giftIds.length; i += 500) {
      const chunk: GiftRow[] = await scoped(trx, 'donations', accountId)
        .whereIn('donations.id', giftIds.slice(i, i + 500))
        .select(giftColumns);
      gifts.push(...chunk);
    }
    const fromOf = new Map(snapshot.donations.map((d) => [d.id, d.from]));
    const byOwner = new Map<string, string[]>();
    for (const d of snapshot.donations) byOwner.set(d.from, [...(byOwner.get(d.from) ?? []), d.id]);
    await moveKeepingReach(trx, accountId, ids, async () => {
      for (const [owner, list] of byOwner) {
        for (let i = 0; i < list.length; i += 500)
          await scoped(trx, 'donations', accountId)
            .whereIn('donations.id', list.slice(i, i + 500))
            .update({ contactId: owner, updatedAt: new Date() });
      }
      for (const m of snapshot.moved) {
        if (m.table === 'contact_list_members') {
          const [listId] = m.id.split('|');
          await trx('contact_list_members').where({ listId, contactId: survivorId }).update({ contactId: m.from });
        } else {
          await scoped(trx, m.table, accountId)
            .where(`${m.table}.id`, m.id)
            .update({ [m.column]: m.from });
        }
      }
    });
    for (const r of snapshot.removed) await trx(r.table).insert(revive(r.row));
    for (const r of snapshot.added ?? []) await scoped(trx, r.table, accountId).where(`${r.table}.id`, r.id).delete();
    // The columns the merge wrote, as they were (the figures are recomputed from the rows below;
    // MariaDB's generated search columns cannot be written).
    for (const contact of snapshot.contacts) {
      const row = revive(contact);
      const restored = Object.fromEntries(RESTORED_COLUMNS.map((c) => [c, row[c] ?? null]));
      await scoped(trx, 'contacts', accountId).where('contacts.id', String(row.id)).update(restored);
    }

    const live = gifts.filter((g) => g.contactId === survivorId);
    await refreshFigures(trx, accountId, {
      rollups: { removed: live.map((g) => factsOf(g, survivorId)), added: live.map((g) => factsOf(g, fromOf.get(String(g.id)) as string)) },
      excess: await excessKeys(trx, accountId, gifts, ids),
      contacts: ids,
      campaigns,
    });
    await traceMoney(
      trx,
      accountId,
      actor,
      'donation',
      live.map((g) => ({ id: String(g.id), action: 'move', before: g, after: { ...g, contactId: fromOf.get(String(g.id)) } })),
    );
    // The figures' refresh stamps the contacts as updated now: their own updatedAt comes back too (the
    // merge's default "most recent value" reads it, and "exactly as they were" includes it).
    for (const contact of snapshot.contacts) {
      const updatedAt = revive(contact).updatedAt ?? null;
      await scoped(trx, 'contacts', accountId).where('contacts.id', String(contact.id)).update({ updatedAt });
    }
    const now = new Date();
    await scoped(trx, 'contact_merges', accountId).where('contact_merges.id', mergeId).update({ undoneAt: now, undoneBy: actor.userId });
    await recordAudit(
      trx,
      ids.map((id) => ({ accountId, actor, entityType: 'contact', entityId: id, action: 'unmerge', before: { mergeId }, after: { mergeId, undone: true } })),
    );
    const pledgesMoved = snapshot.moved.filter((m) => m.table === 'pledges').length;
    return toMergeRecord({ ...row, undoneAt: now }, gifts.length, pledgesMoved);
  });
}

/** The survivor a merged-away contact now lives in (following merges of merges), or null. */
export async function survivorOf(db: Db, accountId: string, contactId: string): Promise<string | null> {
  let current = contactId;
  for (let hops = 0; hops < 20; hops++) {
    const row = await scoped<Pick<ContactRow, 'mergedIntoId'>>(db, 'contacts', accountId).where('contacts.id', current).first('contacts.mergedIntoId');
    const next = str(row?.mergedIntoId);
    if (!next) return current === contactId ? null : current;
    current = next;
  }
  return current;
}
