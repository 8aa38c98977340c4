import type { Knex } from 'knex';
import {
  duplicateGiftReason,
  inFileDuplicateReason,
  mapImportRow,
  validateImportRow,
  type ImportFingerprintResponse,
  type ImportRowValues,
  type PossibleDuplicateGift,
} from '@caucus/contract';
import type { AccountRow, ContactRow, DonationRow, ImportRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime, toInt, toJsonArray, toMoney } from '../../db/values';
import { findMatchingContacts, matchKeyOf } from '../matching';

// Possible duplicate gifts of an import: a row whose gift matches one already recorded (the same
// contact after matching, the same amount and date, and the same check number, or without check
// numbers the same method; not when both carry different transaction ids from the source), or an
// earlier row of the same file, is skipped with the reason naming
// the gift it repeats, unless the user chose to include it in review (imports.duplicates_included).
// A repeated transaction id is caught before this, by the batch's validation (batch/validate.ts).

type Db = Knex | Knex.Transaction;
/** A recorded gift with its donor's name, as a possible duplicate shows it. */
type RecordedGiftRow = Pick<DonationRow, 'id' | 'contactId' | 'donationAmount' | 'donationDate' | 'paymentMethod' | 'checkNumber' | 'transactionId'> &
  Pick<ContactRow, 'firstName' | 'lastName' | 'organization'>;
/** An earlier import with its creator's name (null once the user is gone). */
type ImportWithCreator = Pick<ImportRow, 'createdAt' | 'recordsTotal'> & { creatorFirstName: string | null; creatorLastName: string | null };
type Gift = NonNullable<ImportRowValues['donation']>;

export type GiftWork = { rowNumber: number; values: ImportRowValues; reason: string | null };

/** The rows of an import the user chose to import even though they look like duplicates. */
export function includedDuplicates(importRow: Pick<ImportRow, 'duplicatesIncluded'>): 'all' | Set<number> {
  const raw = importRow.duplicatesIncluded;
  if (raw === null || raw === undefined || raw === '') return new Set();
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  if (parsed === 'all') return 'all';
  return new Set(toJsonArray<number>(parsed));
}

const cents = (amount: number) => Math.round(amount * 100);
const sameHow = (a: Pick<Gift, 'paymentMethod' | 'checkNumber'>, b: { paymentMethod: string | null; checkNumber: string | null }) =>
  a.checkNumber && b.checkNumber ? a.checkNumber.trim() === b.checkNumber.trim() : a.paymentMethod === b.paymentMethod;

/** Two transaction ids from the source that differ say the processor saw two gifts. */
const otherTransaction = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.trim() !== b.trim());

/** A key that is equal for two gifts of one person that the rule above calls the same. */
function giftKey(person: string, gift: Gift): string {
  return `${person}|${cents(gift.amount)}|${gift.date ?? ''}|${gift.checkNumber?.trim() || gift.paymentMethod}|${gift.transactionId?.trim() ?? ''}`;
}

const CHUNK = 190;

/** The recorded gifts of these contacts on these days (one query per chunk of contacts), with the contact's name. */
export async function recordedGiftsOf(db: Db, accountId: string, contactIds: string[], dates: string[]): Promise<PossibleDuplicateGift[]> {
  const ids = [...new Set(contactIds)];
  const days = [...new Set(dates)];
  if (ids.length === 0 || days.length === 0) return [];
  const out: PossibleDuplicateGift[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows: RecordedGiftRow[] = await db('donations')
      .join('contacts', 'contacts.id', 'donations.contactId')
      .where('donations.accountId', accountId)
      .whereIn('donations.contactId', ids.slice(i, i + CHUNK))
      .whereIn('donations.donationDate', days)
      .select(
        'donations.id',
        'donations.contactId',
        'donations.donationAmount',
        'donations.donationDate',
        'donations.paymentMethod',
        'donations.checkNumber',
        'donations.transactionId',
        'contacts.firstName',
        'contacts.lastName',
        'contacts.organization',
      );
    for (const row of rows) out.push(toPossibleDuplicate(row));
  }
  return out;
}

/**
 * A recorded gift row (RecordedGiftRow) as a possible duplicate. Takes any row still: the gift form's
 * check (financials/duplicateGift.ts) reads its rows untyped.
 */
export function toPossibleDuplicate(row: RecordedGiftRow | Record<string, unknown>): PossibleDuplicateGift {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || String(row.organization ?? '') || 'this contact';
  return {
    id: String(row.id),
    contactId: String(row.contactId),
    contactName: name,
    donationAmount: toMoney(row.donationAmount),
    donationDate: toIsoDate(row.donationDate as RecordedGiftRow['donationDate']),
    paymentMethod: row.paymentMethod === null || row.paymentMethod === undefined ? null : String(row.paymentMethod),
    checkNumber: row.checkNumber === null || row.checkNumber === undefined ? null : String(row.checkNumber),
    transactionId: row.transactionId === null || row.transactionId === undefined ? null : String(row.transactionId),
  };
}

/** The recorded gift that this one repeats, if any. */
export function sameGift(
  gifts: PossibleDuplicateGift[],
  contactId: string,
  gift: Pick<Gift, 'amount' | 'date' | 'paymentMethod' | 'checkNumber' | 'transactionId'>,
): PossibleDuplicateGift | undefined {
  return gifts.find(
    (g) =>
      g.contactId === contactId &&
      cents(g.donationAmount) === cents(gift.amount) &&
      g.donationDate === gift.date &&
      sameHow(gift, g) &&
      !otherTransaction(g.transactionId, gift.transactionId),
  );
}

export type DuplicateFinding = { rowNumber: number; reason: string; existing: PossibleDuplicateGift | null; duplicateOfRow: number | null };

/**
 * The possible duplicates among rows: each row's gift against the gifts already recorded for its
 * contact (contactOf: the existing contact the row resolves to, if any) and against the earlier rows
 * (personOf: a key that is the same for two rows of one person).
 */
export async function findDuplicateGifts(
  db: Db,
  accountId: string,
  work: GiftWork[],
  contactOf: (w: GiftWork) => string | null,
  personOf: (w: GiftWork) => string | null,
): Promise<DuplicateFinding[]> {
  const candidates = work.filter((w) => !w.reason && w.values.donation);
  const contacts = new Map<GiftWork, string>();
  for (const w of candidates) {
    const id = contactOf(w);
    if (id) contacts.set(w, id);
  }
  const recorded = await recordedGiftsOf(
    db,
    accountId,
    [...contacts.values()],
    candidates.map((w) => w.values.donation!.date).filter((d): d is string => Boolean(d)),
  );
  const findings: DuplicateFinding[] = [];
  const firstRowOf = new Map<string, number>();
  for (const w of candidates) {
    const gift = w.values.donation!;
    const contactId = contacts.get(w);
    const existing = contactId ? sameGift(recorded, contactId, gift) : undefined;
    const person = contactId ?? personOf(w);
    const key = person ? giftKey(person, gift) : null;
    const earlier = key ? firstRowOf.get(key) : undefined;
    if (key && earlier === undefined) firstRowOf.set(key, w.rowNumber);
    if (existing) findings.push({ rowNumber: w.rowNumber, reason: duplicateGiftReason(existing), existing, duplicateOfRow: null });
    else if (earlier !== undefined) findings.push({ rowNumber: w.rowNumber, reason: inFileDuplicateReason(earlier), existing: null, duplicateOfRow: earlier });
  }
  return findings;
}

/** Marks the possible duplicates of a batch as skipped with their reason, except the rows the user included. */
export async function skipDuplicateGifts(
  db: Db,
  accountId: string,
  importRow: Pick<ImportRow, 'duplicatesIncluded'>,
  work: GiftWork[],
  contactOf: (w: GiftWork) => string | null,
  personOf: (w: GiftWork) => string | null,
): Promise<void> {
  const included = includedDuplicates(importRow);
  if (included === 'all') return;
  const findings = await findDuplicateGifts(db, accountId, work, contactOf, personOf);
  const byRow = new Map(work.map((w) => [w.rowNumber, w]));
  for (const f of findings) {
    if (included.has(f.rowNumber)) continue;
    const w = byRow.get(f.rowNumber);
    if (w) w.reason = f.reason;
  }
}

// The same file again. The wizard fingerprints the rows it read (contract fileFingerprint) and asks
// before sending them; the import request carries the fingerprint and is refused while an import of
// the same content stands, unless the user confirmed 'Import anyway'.

/** "This file was imported on Nov 25 by Dana Whitfield (1,985 rows)", the day in the workspace's timezone. */
export function importedBeforeMessage(row: ImportWithCreator, timeZone: string): string {
  const when = row.createdAt ? new Date(row.createdAt) : null;
  let day = '';
  if (when) {
    try {
      day = ` on ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(when)}`;
    } catch {
      day = ` on ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(when)}`;
    }
  }
  const who = row.creatorFirstName ? ` by ${[row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' ')}` : '';
  const rows = Number(row.recordsTotal ?? 0);
  return `This file was imported${day}${who} (${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'})`;
}

export async function workspaceTimeZone(db: Db, accountId: string): Promise<string> {
  const row = await db<AccountRow>('accounts').where('id', accountId).first('timezone');
  return row?.timezone ? row.timezone : 'UTC';
}

/** The import's included duplicates with more row numbers (or all), as the column stores them. */
export function withIncluded(importRow: Pick<ImportRow, 'duplicatesIncluded'>, more: 'all' | number[]): string {
  const current = includedDuplicates(importRow);
  if (current === 'all' || more === 'all') return JSON.stringify('all');
  return JSON.stringify([...new Set([...current, ...more])].sort((x, y) => x - y));
}

/**
 * The review's check: the possible duplicate gifts among rows about to be sent, each row matched to
 * its contact by the one matching engine, exactly as the import's batch will (the batch checks again).
 */
export async function previewDuplicateGifts(
  db: Knex,
  accountId: string,
  input: { headers: string[]; mapping: Record<string, string>; rows: Record<string, unknown>[]; rowNumbers: number[] },
): Promise<DuplicateFinding[]> {
  const today = new Date().toISOString().slice(0, 10);
  const work: GiftWork[] = input.rows.map((row, i) => {
    const { values, errors } = validateImportRow(mapImportRow(row, input.mapping), today);
    return { rowNumber: input.rowNumbers[i], values, reason: errors.length > 0 ? 'invalid' : null };
  });
  const people = work.filter((w) => !w.reason && w.values.donation).map((w) => w.values);
  const matched = await findMatchingContacts(db, accountId, people);
  const keyOf = (values: ImportRowValues) =>
    matchKeyOf({ email: values.email, firstName: values.firstName, lastName: values.lastName, zipCode: values.zipCode });
  return findDuplicateGifts(
    db,
    accountId,
    work,
    (w) => {
      const named = w.values.donation?.contactId ?? w.values.contactId;
      if (named) return named;
      const key = keyOf(w.values);
      return key ? (matched.get(key)?.id ?? null) : null;
    },
    (w) => keyOf(w.values),
  );
}

/** The account's standing imports of this content, as GET /api/data-import/fingerprint lists them. */
export function toFingerprintMatch(
  row: Pick<ImportRow, 'id' | 'fileName' | 'recordsImported'> & ImportWithCreator,
): ImportFingerprintResponse['imports'][number] {
  return {
    id: row.id,
    fileName: row.fileName,
    createdAt: toIsoDateTime(row.createdAt),
    rows: toInt(row.recordsTotal),
    recordsImported: toInt(row.recordsImported),
    createdBy: row.creatorFirstName ? { firstName: row.creatorFirstName, lastName: row.creatorLastName ?? '' } : null,
  };
}
