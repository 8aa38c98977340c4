import type { Knex } from 'knex';
import {
  disbursementFromImportRow,
  importLineOf,
  type Disbursement,
  type DisbursementImportCells,
  type DisbursementImportResponse,
  type DisbursementImportRowError,
  type DisbursementListResponse,
  type DisbursementValues,
} from '@caucus/contract';
import type { CommitteeRow, DisbursementRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { centsOf, fromCents } from '../compliance/limitEngine';
import { changeDisbursement, lockDisbursement, payeeOfContact, recordDisbursement, voidDisbursement, type RefundKey } from '../ledger';
import type { DisbursementsRepository } from './repository';

// Money going out of a committee: operating expenditures, refunds of contributions and other
// disbursements. The rules (payee, refundable amount, what may be edited or voided) live here; the
// writes are ledger operations (modules/ledger/disbursements.ts), each in one transaction with the
// figures it moves and its audit entry. A void never deletes: it is a negative entry of its own,
// dated the day of the void, so a filed report keeps what it showed.

const str = (value: string | null | undefined): string | null => value || null;

/** An entry as stored, or as about to be written (no void link yet, whoever creates it). */
type DisbursementFields = Omit<DisbursementRow, 'accountId' | 'voidOfId' | 'createdBy'> & { voidOfId?: string | null };
/** The columns the form writes. */
type DisbursementWrite = Omit<DisbursementFields, 'id' | 'createdAt' | 'updatedAt' | 'voidOfId'>;

export const DISBURSEMENT_NOT_FOUND = 'Disbursement not found';
export const COMMITTEE_NOT_FOUND = 'Committee not found';
export const CONTACT_NOT_FOUND = 'Payee contact not found';
export const DONATION_NOT_FOUND = 'Refunded contribution not found among the completed gifts to this committee';
export const DONATION_ACCOUNT_NOT_FOUND = 'Donation account not found';
export const ALREADY_VOIDED = 'This disbursement is already voided';
export const VOID_IS_FINAL = 'A void entry cannot be edited or voided; record a new disbursement instead';
export const refundTooLargeMessage = (left: number) => `Amount is more than what is left to refund of that contribution ($${left.toFixed(2)})`;
export const REFUND_IS_FIXED = 'A refund stays a refund of its contribution: void it and record a new one instead';
export const VOID_BEFORE_ENTRY = 'Void date must be on or after the date of the disbursement';

export function payeeNameOf(row: Pick<DisbursementRow, 'payeeOrganizationName' | 'payeeFirstName' | 'payeeLastName'>): string {
  const person = [row.payeeFirstName, row.payeeLastName].filter(Boolean).join(' ');
  return (row.payeeOrganizationName ?? '') || person;
}

export function toDisbursement(row: DisbursementFields, voidedById: string | null): Disbursement {
  return {
    id: row.id,
    committeeId: row.committeeId,
    donationAccountId: str(row.donationAccountId),
    kind: row.kind,
    refundOfDonationId: str(row.refundOfDonationId),
    voidOfId: str(row.voidOfId),
    voidedById,
    payeeContactId: str(row.payeeContactId),
    entityType: row.entityType,
    payeeName: payeeNameOf(row),
    payeeOrganizationName: str(row.payeeOrganizationName),
    payeeFirstName: str(row.payeeFirstName),
    payeeLastName: str(row.payeeLastName),
    payeeStreet1: str(row.payeeStreet1),
    payeeStreet2: str(row.payeeStreet2),
    payeeCity: str(row.payeeCity),
    payeeState: str(row.payeeState),
    payeeZip: str(row.payeeZip),
    amount: fromCents(centsOf(row.amount)),
    disbursementDate: toIsoDate(row.disbursementDate) as string,
    purpose: row.purpose,
    categoryCode: str(row.categoryCode),
    electionCode: str(row.electionCode),
    paymentMethod: row.paymentMethod,
    checkNumber: str(row.checkNumber),
    memo: str(row.memo),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

/** The audit snapshot of an entry: what a treasurer would compare. */
function snapshot(row: DisbursementFields): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...fields } = toDisbursement(row, null);
  return fields;
}

export type DisbursementsService = ReturnType<typeof createDisbursementsService>;

export function createDisbursementsService(repo: DisbursementsRepository, today: () => string = () => new Date().toISOString().slice(0, 10)) {
  async function committeeOr404(db: Knex | Knex.Transaction, accountId: string, committeeId: string): Promise<CommitteeRow> {
    assertIdOr404(committeeId, COMMITTEE_NOT_FOUND);
    const row = await repo.findCommittee(db, accountId, committeeId);
    if (!row) throw new NotFound(COMMITTEE_NOT_FOUND);
    return row;
  }

  /** The row to write from the form: payee details filled from the contact (or the refunded contributor) where left blank. */
  async function rowOf(
    trx: Knex.Transaction,
    accountId: string,
    values: DisbursementValues,
    exceptId: string | null,
  ): Promise<{ row: DisbursementWrite; refundKey: RefundKey | null }> {
    await committeeOr404(trx, accountId, values.committeeId);
    if (values.donationAccountId) {
      assertIdOr404(values.donationAccountId, DONATION_ACCOUNT_NOT_FOUND);
      if (!(await repo.donationAccountExists(trx, accountId, values.donationAccountId))) throw new NotFound(DONATION_ACCOUNT_NOT_FOUND);
    }
    let payeeContactId = values.payeeContactId;
    let entityType: string = values.entityType;
    let refundKey: RefundKey | null = null;
    let electionCode = values.electionCode;
    if (values.kind === 'refund') {
      const donationId = values.refundOfDonationId as string;
      assertIdOr404(donationId, DONATION_NOT_FOUND);
      const gift = await repo.committeeDonation(trx, accountId, values.committeeId, donationId);
      if (!gift || !gift.contactId) throw new NotFound(DONATION_NOT_FOUND);
      await lockDisbursement(trx, accountId, [{ contactId: gift.contactId, committeeId: values.committeeId, electionCode: null }]);
      const left = centsOf(gift.donationAmount) - centsOf(await repo.refundedOf(trx, accountId, donationId, exceptId));
      if (Math.round(values.amount * 100) > left)
        throw new Conflict(refundTooLargeMessage(fromCents(left)), { amount: refundTooLargeMessage(fromCents(left)) });
      payeeContactId = gift.contactId;
      electionCode = electionCode ?? str(gift.electionCode);
      refundKey = { contactId: payeeContactId, committeeId: values.committeeId, electionCode: str(gift.electionCode) };
    }
    let payee = {
      payeeOrganizationName: values.payeeOrganizationName,
      payeeFirstName: values.payeeFirstName,
      payeeLastName: values.payeeLastName,
      payeeStreet1: values.payeeStreet1,
      payeeStreet2: values.payeeStreet2,
      payeeCity: values.payeeCity,
      payeeState: values.payeeState,
      payeeZip: values.payeeZip,
    };
    if (payeeContactId) {
      assertIdOr404(payeeContactId, CONTACT_NOT_FOUND);
      const contact = await repo.findContact(trx, accountId, payeeContactId);
      if (!contact) throw new NotFound(CONTACT_NOT_FOUND);
      const { entityType: entity, ...fromContact } = payeeOfContact(contact, payee, entityType);
      payee = fromContact;
      entityType = entity;
    }
    if (entityType === 'IND' && !(payee.payeeFirstName && payee.payeeLastName)) {
      throw new BadRequest('An individual payee needs a first and last name', { payeeLastName: 'An individual payee needs a first and last name' });
    }
    if (entityType !== 'IND' && !payee.payeeOrganizationName) {
      const name = [payee.payeeFirstName, payee.payeeLastName].filter(Boolean).join(' ');
      if (!name) throw new BadRequest('Payee organization is required', { payeeOrganizationName: 'Payee organization is required' });
      payee.payeeOrganizationName = name.slice(0, 200);
    }
    return {
      row: {
        committeeId: values.committeeId,
        donationAccountId: values.donationAccountId,
        kind: values.kind,
        refundOfDonationId: values.kind === 'refund' ? values.refundOfDonationId : null,
        payeeContactId,
        entityType,
        ...payee,
        amount: values.amount,
        disbursementDate: values.disbursementDate,
        purpose: values.purpose,
        categoryCode: values.categoryCode ?? (values.kind === 'refund' ? '010' : null),
        electionCode,
        paymentMethod: values.paymentMethod,
        checkNumber: values.checkNumber,
        memo: values.memo,
      },
      refundKey,
    };
  }

  async function one(accountId: string, id: string): Promise<Disbursement> {
    const db = repo.reader();
    assertIdOr404(id, DISBURSEMENT_NOT_FOUND);
    const row = await repo.find(db, accountId, id);
    if (!row) throw new NotFound(DISBURSEMENT_NOT_FOUND);
    const voided = await repo.voidOf(db, accountId, id);
    return toDisbursement(row, voided ? voided.id : null);
  }

  return {
    async list(accountId: string, committeeId: string, from: string | null, to: string | null): Promise<DisbursementListResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      const rows = await repo.list(db, accountId, committeeId, from, to);
      const voids = await repo.voidIds(
        db,
        accountId,
        rows.map((row) => row.id),
      );
      const total = rows.reduce((sum, row) => sum + centsOf(row.amount), 0);
      return { disbursements: rows.map((row) => toDisbursement(row, voids.get(row.id) ?? null)), total: fromCents(total) };
    },

    get: one,

    async create(accountId: string, actor: AuditActor, values: DisbursementValues): Promise<Disbursement> {
      const id = newId();
      await repo.transaction(async (trx) => {
        const { row, refundKey } = await rowOf(trx, accountId, values, null);
        const now = new Date();
        const full = { id, accountId, ...row, createdBy: actor.userId, createdAt: now, updatedAt: now };
        await recordDisbursement(trx, accountId, actor, full, refundKey, snapshot(full));
      });
      return one(accountId, id);
    },

    /**
     * Records the rows of an imported file, all in one transaction through the ledger's writer (each
     * with its own audit entry, plus one for the import). With `validOnly` false nothing is written
     * when any row has an error; with it true those rows are skipped and reported.
     */
    async importRows(
      accountId: string,
      actor: AuditActor,
      committeeId: string,
      cells: DisbursementImportCells[],
      validOnly: boolean,
    ): Promise<DisbursementImportResponse> {
      await committeeOr404(repo.reader(), accountId, committeeId);
      const checked = cells.map((row, index) => ({ line: importLineOf(index), ...disbursementFromImportRow(committeeId, row) }));
      const skipped: DisbursementImportRowError[] = checked.filter((row) => row.errors.length > 0).map(({ line, errors }) => ({ line, errors }));
      if (skipped.length > 0 && !validOnly) {
        const details: Record<string, string> = {};
        for (const { line, errors } of skipped.slice(0, 100))
          for (const error of errors) details[`rows.${line}.${error.field ?? 'row'}`] = `Row ${line}: ${error.message}`;
        throw new BadRequest(`${skipped.length} of ${cells.length} rows have errors; nothing was imported`, details);
      }
      const valid = checked.filter((row): row is typeof row & { values: DisbursementValues } => row.values !== null);
      if (valid.length === 0) throw new BadRequest('No row of the file can be imported', { rows: 'No row of the file can be imported' });
      const ids: string[] = [];
      let cents = 0;
      await repo.transaction(async (trx) => {
        const now = new Date();
        for (const { values } of valid) {
          const id = newId();
          const { row, refundKey } = await rowOf(trx, accountId, values, null);
          const full = { id, accountId, ...row, createdBy: actor.userId, createdAt: now, updatedAt: now };
          await recordDisbursement(trx, accountId, actor, full, refundKey, snapshot(full));
          ids.push(id);
          cents += Math.round(values.amount * 100);
        }
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'committee',
          entityId: committeeId,
          action: 'import_disbursements',
          after: { imported: ids.length, total: fromCents(cents), skippedLines: skipped.map((row) => row.line) },
        });
      });
      return { imported: ids.length, total: fromCents(cents), disbursementIds: ids, skipped };
    },

    async update(accountId: string, actor: AuditActor, id: string, values: DisbursementValues): Promise<Disbursement> {
      assertIdOr404(id, DISBURSEMENT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        const before = await repo.find(trx, accountId, id, true);
        if (!before) throw new NotFound(DISBURSEMENT_NOT_FOUND);
        if (before.voidOfId) throw new Conflict(VOID_IS_FINAL);
        if (await repo.voidOf(trx, accountId, id)) throw new Conflict(ALREADY_VOIDED);
        if (before.committeeId !== values.committeeId) await committeeOr404(trx, accountId, values.committeeId);
        if (before.refundOfDonationId && (values.kind !== 'refund' || values.refundOfDonationId !== before.refundOfDonationId))
          throw new Conflict(REFUND_IS_FIXED);
        const oldKey: RefundKey | null =
          before.refundOfDonationId && before.payeeContactId
            ? { contactId: before.payeeContactId, committeeId: before.committeeId, electionCode: str(before.electionCode) }
            : null;
        await lockDisbursement(trx, accountId, [oldKey]);
        const { row, refundKey } = await rowOf(trx, accountId, values, id);
        const changes = { ...row, updatedAt: new Date() };
        await changeDisbursement(
          trx,
          accountId,
          actor,
          id,
          changes,
          { before: oldKey, after: refundKey },
          { before: snapshot(before), after: snapshot({ ...before, ...changes }) },
        );
      });
      return one(accountId, id);
    },

    /** The negative entry that cancels `id`, dated the day of the void (today unless given). */
    async void(accountId: string, actor: AuditActor, id: string, voidDate: string | null, memo: string | null): Promise<Disbursement> {
      assertIdOr404(id, DISBURSEMENT_NOT_FOUND);
      const voidId = newId();
      await repo.transaction(async (trx) => {
        const original = await repo.find(trx, accountId, id, true);
        if (!original) throw new NotFound(DISBURSEMENT_NOT_FOUND);
        if (original.voidOfId) throw new Conflict(VOID_IS_FINAL);
        if (await repo.voidOf(trx, accountId, id)) throw new Conflict(ALREADY_VOIDED);
        const date = voidDate ?? today();
        const originalDate = toIsoDate(original.disbursementDate) as string;
        if (date < originalDate) throw new BadRequest(VOID_BEFORE_ENTRY, { voidDate: VOID_BEFORE_ENTRY });
        const refund: RefundKey | null =
          original.payeeContactId && original.refundOfDonationId
            ? { contactId: original.payeeContactId, committeeId: original.committeeId, electionCode: str(original.electionCode) }
            : null;
        await lockDisbursement(trx, accountId, [refund]);
        const now = new Date();
        const { id: _id, createdAt: _c, updatedAt: _u, createdBy: _b, ...copied } = original;
        const entry = {
          ...copied,
          id: voidId,
          voidOfId: id,
          amount: -fromCents(centsOf(original.amount)),
          disbursementDate: date,
          memo: (memo ?? `Void of ${original.checkNumber ? `check ${original.checkNumber}` : 'entry'} dated ${originalDate}`).slice(0, 100),
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        };
        await voidDisbursement(trx, accountId, actor, { id, snapshot: snapshot(original) }, entry, refund, snapshot(entry));
      });
      return one(accountId, voidId);
    },
  };
}
