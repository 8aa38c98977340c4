import type { Knex } from 'knex';
import type { ContactRow } from '../../db/rows';
import { recordAudit } from '../../lib/audit';
import { recomputeExcessFor } from '../compliance/designation';
import { lockMoneyRows } from './figures';
import type { LedgerActor } from './trace';

// Disbursements: money going out of a committee (docs/adr/0012-the-ledger.md). The same three steps
// as every ledger operation: lock the contact a refund touches (ADR 0002's order), write the row,
// bring the figures derived from it back in line (a refund lowers the contributor's aggregate, so the
// excess flags of the gift's election are recomputed) and trace it in the audit trail. A void is a
// row of its own with the negative amount; nothing is deleted.

// A disbursement row as it is written (inserted or changed): the callers build it from the contract's values.
type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

const ENTITY_OF_CONTRIBUTOR: Record<string, string> = { individual: 'IND', party: 'PTY', pac: 'PAC', multicandidate_pac: 'PAC' };

export type Payee = {
  entityType: string;
  payeeOrganizationName: string | null;
  payeeFirstName: string | null;
  payeeLastName: string | null;
  payeeStreet1: string | null;
  payeeStreet2: string | null;
  payeeCity: string | null;
  payeeState: string | null;
  payeeZip: string | null;
};

/** The columns of a contact that make a payee. */
type PayeeContact = Pick<
  ContactRow,
  'firstName' | 'lastName' | 'organization' | 'contributorType' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode'
>;

/**
 * A contact as the payee of Schedule B: a person by name (entity from the contributor type), anyone
 * else by organisation, the address cut to the FEC's field lengths. `entered` fields win over the
 * contact's; `fallbackEntity` is the entity of a payee that is not a person.
 */
export function payeeOfContact(contact: PayeeContact, entered: Partial<Payee> = {}, fallbackEntity = 'ORG'): Payee {
  const person = Boolean(contact.firstName || contact.lastName);
  const state = str(contact.state);
  return {
    entityType: person ? (ENTITY_OF_CONTRIBUTOR[String(contact.contributorType ?? 'individual')] ?? 'IND') : fallbackEntity,
    payeeOrganizationName: entered.payeeOrganizationName ?? (person ? null : str(contact.organization)),
    payeeFirstName: entered.payeeFirstName ?? (person ? (str(contact.firstName)?.slice(0, 20) ?? null) : null),
    payeeLastName: entered.payeeLastName ?? (person ? (str(contact.lastName)?.slice(0, 30) ?? null) : null),
    payeeStreet1: entered.payeeStreet1 ?? str(contact.addressLine1)?.slice(0, 34) ?? null,
    payeeStreet2: entered.payeeStreet2 ?? str(contact.addressLine2)?.slice(0, 34) ?? null,
    payeeCity: entered.payeeCity ?? str(contact.city)?.slice(0, 30) ?? null,
    payeeState: entered.payeeState ?? (state && /^[A-Za-z]{2}$/.test(state) ? state.toUpperCase() : null),
    payeeZip:
      entered.payeeZip ??
      (str(contact.zipCode)
        ?.replace(/[^0-9]/g, '')
        .slice(0, 9) ||
        null),
  };
}

/** The fields of a disbursement its audit entries keep (what a treasurer would compare). */
export function disbursementTrace(row: Row): Record<string, unknown> {
  const pick = [
    'committeeId',
    'donationAccountId',
    'kind',
    'refundOfDonationId',
    'voidOfId',
    'payeeContactId',
    'entityType',
    'payeeOrganizationName',
    'payeeFirstName',
    'payeeLastName',
    'disbursementDate',
    'purpose',
    'categoryCode',
    'electionCode',
    'paymentMethod',
    'checkNumber',
    'memo',
  ];
  return { ...Object.fromEntries(pick.map((key) => [key, str(row[key])])), amount: Number(row.amount) };
}

/** Whose aggregate a refund changes: the contributor of the refunded gift, for the gift's election. */
export type RefundKey = { contactId: string; committeeId: string; electionCode: string | null };

async function reflag(trx: Knex.Transaction, accountId: string, keys: (RefundKey | null)[]): Promise<void> {
  await recomputeExcessFor(
    trx,
    accountId,
    keys.map((key) => (key && key.electionCode ? { contactId: key.contactId, committeeId: key.committeeId, electionCode: key.electionCode } : null)),
  );
}

/** Locks the contributors whose aggregates the write changes; call first in the transaction. */
export async function lockDisbursement(trx: Knex.Transaction, accountId: string, keys: (RefundKey | null)[]): Promise<void> {
  await lockMoneyRows(
    trx,
    accountId,
    keys.map((key) => key?.contactId),
  );
}

export async function recordDisbursement(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  row: Row,
  refund: RefundKey | null,
  snapshot: Record<string, unknown>,
): Promise<void> {
  await trx('disbursements').insert(row);
  await reflag(trx, accountId, [refund]);
  await recordAudit(trx, {
    accountId,
    actor,
    entityType: 'disbursement',
    entityId: String(row.id),
    action: row.kind === 'refund' ? 'refund' : 'create',
    after: snapshot,
  });
}

export async function changeDisbursement(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  id: string,
  changes: Row,
  refunds: { before: RefundKey | null; after: RefundKey | null },
  snapshots: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await trx('disbursements').where({ accountId, id }).update(changes);
  await reflag(trx, accountId, [refunds.before, refunds.after]);
  await recordAudit(trx, { accountId, actor, entityType: 'disbursement', entityId: id, action: 'update', before: snapshots.before, after: snapshots.after });
}

export async function voidDisbursement(
  trx: Knex.Transaction,
  accountId: string,
  actor: LedgerActor,
  voided: { id: string; snapshot: Record<string, unknown> },
  entry: Row,
  refund: RefundKey | null,
  entrySnapshot: Record<string, unknown>,
): Promise<void> {
  await trx('disbursements').insert(entry);
  await reflag(trx, accountId, [refund]);
  await recordAudit(trx, [
    {
      accountId,
      actor,
      entityType: 'disbursement',
      entityId: voided.id,
      action: 'void',
      before: voided.snapshot,
      after: { ...voided.snapshot, voidedById: String(entry.id) },
    },
    { accountId, actor, entityType: 'disbursement', entityId: String(entry.id), action: 'create', after: entrySnapshot },
  ]);
}
