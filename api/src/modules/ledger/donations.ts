import type { Knex } from 'knex';
import type { DonationValues } from '@caucus/contract';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { ContactRow, DonationRow, PledgeRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { toBool, toDbDateTime } from '../../db/values';
import { BadRequest, NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import { DONATION_FACT_COLUMNS, type DonationFacts } from '../analytics-reports/rollups';
import { type CampaignTotals } from '../campaigns/repository';
import { committeeOfCampaign, designate, excessKey } from '../compliance/designation';
import { CAMPAIGN_NOT_FOUND, CONTACT_NOT_FOUND, DONATION_NOT_FOUND, PLEDGE_ALREADY_FULFILLED, PLEDGE_NOT_FOUND, PLEDGE_OF_OTHER_CONTACT } from './errors';
import { addToCampaignTotals, lockMoneyRows, refreshFigures, uniqueIds } from './figures';
import { needsReviewFor } from './review';
import { traceMoney, type LedgerActor } from './trace';

type Db = Knex | Knex.Transaction;
// Reads a donation's columns by name, for the roll-ups (refreshDonationRollups) to take it out.
const factsOf = (row: Record<string, unknown>) =>
  Object.fromEntries(DONATION_FACT_COLUMNS.map((c) => c.replace('donations.', '')).map((c) => [c, row[c]])) as DonationFacts;

/** Told of each donation recorded, inside its transaction (the settings' notice emails). */
export type DonationListener = (
  trx: Knex.Transaction,
  event: {
    accountId: string;
    donationId: string;
    contactId: string;
    campaignId: string;
    recordedBy: string | null;
    amount: number;
    donationDate: string;
    counted: boolean;
  },
) => Promise<void>;

/** The columns a donation form writes (with the election it is designated to). */
type DonationWrite = Pick<
  DonationRow,
  | 'electionCode'
  | 'donationAmount'
  | 'paymentMethod'
  | 'status'
  | 'donationDate'
  | 'processedDate'
  | 'campaignId'
  | 'pledgeId'
  | 'checkNumber'
  | 'transactionId'
  | 'referenceNumber'
  | 'notes'
  | 'isAnonymous'
  | 'isRecurring'
  | 'solicitorId'
  | 'taxDeductibleAmount'
  | 'netAmount'
  | 'inKindDescription'
  | 'fairMarketValue'
>;

function donationRow(values: DonationValues, electionCode: string | null): DonationWrite {
  return {
    electionCode,
    donationAmount: values.donationAmount,
    paymentMethod: values.paymentMethod,
    status: values.status,
    donationDate: values.donationDate,
    processedDate: toDbDateTime(values.processedDate),
    campaignId: values.campaignId,
    pledgeId: values.pledgeId,
    // The check number only means something for check payments.
    checkNumber: values.paymentMethod === 'check' ? values.checkNumber : null,
    transactionId: values.transactionId,
    referenceNumber: values.referenceNumber,
    notes: values.notes,
    isAnonymous: values.isAnonymous,
    isRecurring: values.isRecurring,
    solicitorId: values.solicitorId,
    taxDeductibleAmount: values.taxDeductibleAmount,
    netAmount: values.netAmount,
    inKindDescription: values.inKindDescription,
    fairMarketValue: values.fairMarketValue,
  };
}

export async function assertContactOf(db: Db, accountId: string, contactId: string): Promise<void> {
  if (!isId(contactId) || !(await scoped(db, 'contacts', accountId).where('contacts.id', contactId).first('contacts.id')))
    throw new NotFound(CONTACT_NOT_FOUND);
}

/** A campaign of another account reads as missing, the same as an id that never existed. */
export async function assertCampaignOf(db: Db, accountId: string, campaignId: string): Promise<void> {
  if (!isId(campaignId) || !(await scoped(db, 'campaigns', accountId).where('campaigns.id', campaignId).first('campaigns.id')))
    throw new NotFound(CAMPAIGN_NOT_FOUND);
}

/** Only a pledge of the same contact that is not fulfilled can take a new donation. */
async function assertLinkablePledge(db: Db, accountId: string, contactId: string, pledgeId: string): Promise<void> {
  const pledge: Pick<PledgeRow, 'contactId' | 'status'> | undefined = isId(pledgeId)
    ? await scoped(db, 'pledges', accountId).where('pledges.id', pledgeId).first('pledges.contactId', 'pledges.status')
    : undefined;
  if (!pledge) throw new NotFound(PLEDGE_NOT_FOUND);
  if (pledge.contactId !== contactId) throw new BadRequest(PLEDGE_OF_OTHER_CONTACT, { pledgeId: PLEDGE_OF_OTHER_CONTACT });
  if (pledge.status === 'fulfilled') throw new BadRequest(PLEDGE_ALREADY_FULFILLED, { pledgeId: PLEDGE_ALREADY_FULFILLED });
}

/**
 * Whether the contact already counts toward the campaign's contacts reached (a donation or a pledge
 * to it), and whether it counts as a volunteer. Stable while the contact's lock is held.
 */
export async function campaignReach(db: Db, accountId: string, contactId: string, campaignId: string): Promise<CampaignTotals> {
  const donation = await scoped(db, 'donations', accountId)
    .where({ 'donations.contactId': contactId, 'donations.campaignId': campaignId })
    .first('donations.id');
  const pledge = donation
    ? undefined
    : await scoped(db, 'pledges', accountId).where({ 'pledges.contactId': contactId, 'pledges.campaignId': campaignId }).first('pledges.id');
  const contact: Pick<ContactRow, 'isVolunteer'> | undefined = await scoped(db, 'contacts', accountId)
    .where('contacts.id', contactId)
    .first('contacts.isVolunteer');
  // A contact new to the campaign adds one to its contacts reached (and volunteers, if one).
  const added = donation || pledge ? 0 : 1;
  return { amountRaised: 0, donationCount: 0, contactsReached: added, volunteersRecruited: toBool(contact?.isVolunteer) ? added : 0 };
}

async function donationFacts(db: Db, accountId: string, id: string): Promise<DonationRow | undefined> {
  return scoped(db, 'donations', accountId).where('donations.id', id).first<DonationRow | undefined>();
}

/** Contact and campaign of a row, read before its transaction starts (they name what to lock). */
export async function ownersOf(
  db: Db,
  table: 'donations' | 'pledges',
  accountId: string,
  id: string,
): Promise<{ contactId: string | null; campaignId: string | null } | undefined> {
  const row: Pick<DonationRow, 'contactId' | 'campaignId'> | undefined = await scoped(db, table, accountId)
    .where(`${table}.id`, id)
    .first(`${table}.contactId`, `${table}.campaignId`);
  return row ? { contactId: row.contactId, campaignId: row.campaignId } : undefined;
}

/**
 * Runs a ledger operation in the caller's transaction when it brings one (the operation's rows then
 * commit or roll back with the caller's own, e.g. the call that made a gift), else in its own.
 * The caller's transaction is used as is, not nested: a deadlock rolls back the whole transaction
 * on MariaDB, so the retry belongs to whoever opened it (db/transaction.ts).
 */
export function inLedgerTransaction<T>(knex: Knex, outer: Knex.Transaction | undefined, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return outer ? work(outer) : inTransaction(knex, work);
}

export type RecordDonationInput = {
  accountId: string;
  actor: LedgerActor;
  contactId: string;
  values: DonationValues;
  onRecorded?: DonationListener;
  /** A check of the caller's, run once the gift is known valid, under the contact's lock (a duplicate's question). */
  beforeWrite?: (trx: Knex.Transaction) => Promise<void>;
  /** The caller's open transaction, when the gift must commit with rows of its own (inLedgerTransaction). */
  trx?: Knex.Transaction;
};

/**
 * Records one gift: designated to its election, flagged past the limit (money received is recorded,
 * never refused), settling its pledge, and counted in its contact's figures, its campaign's totals
 * (by atomic increment, ADR 0002) and the roll-ups, all in one transaction. Returns the new id.
 */
export async function recordDonation(knex: Knex, input: RecordDonationInput): Promise<string> {
  const { accountId, actor, contactId, values } = input;
  assertIdOr404(contactId, CONTACT_NOT_FOUND);
  return inLedgerTransaction(knex, input.trx, async (trx) => {
    // Writes of one contact queue on its row; the checks below read under that lock.
    await lockMoneyRows(trx, accountId, [contactId], [], { accountFigures: false });
    await assertContactOf(trx, accountId, contactId);
    await assertCampaignOf(trx, accountId, values.campaignId);
    if (values.pledgeId) await assertLinkablePledge(trx, accountId, contactId, values.pledgeId);
    const reach = await campaignReach(trx, accountId, contactId, values.campaignId);
    const designation = await designate(trx, accountId, values.campaignId, values.donationDate, values.electionCode);
    await input.beforeWrite?.(trx);
    // The campaign row is shared by every gift to it: locked last, right before the insert.
    await lockMoneyRows(trx, accountId, [], [values.campaignId]);
    const donationId = newId();
    const now = new Date();
    // A Staff member's gift waits for the treasurer's review (review.ts).
    const needsReview = await needsReviewFor(trx, accountId, actor);
    const row = {
      ...donationRow(values, designation.electionCode),
      id: donationId,
      accountId,
      contactId,
      needsReview,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    await trx('donations').insert(row);
    const counted = values.status === COUNTED_DONATION_STATUS;
    await refreshFigures(trx, accountId, {
      rollups: { added: [row as unknown as DonationFacts] },
      excess: [excessKey(contactId, designation)],
      pledges: [{ id: values.pledgeId, demote: true }],
      contacts: [contactId],
    });
    await addToCampaignTotals(trx, accountId, values.campaignId, {
      ...reach,
      amountRaised: counted ? values.donationAmount : 0,
      donationCount: counted ? 1 : 0,
    });
    await traceMoney(trx, accountId, actor, 'donation', [{ id: donationId, action: 'create', before: null, after: row }]);
    await input.onRecorded?.(trx, {
      accountId,
      donationId,
      contactId,
      campaignId: values.campaignId,
      recordedBy: actor.userId,
      amount: values.donationAmount,
      donationDate: values.donationDate,
      counted,
    });
    return donationId;
  });
}

export type ChangeDonationInput = { accountId: string; actor: LedgerActor; donationId: string; values: DonationValues };

/**
 * Changes a gift (amount, date, campaign, designation, status, pledge). Both elections it counted
 * toward, before and after, get their flags again; an edit that leaves the money as it was leaves
 * every flag and deadline as it was too (the recompute writes only what changed).
 */
export async function changeDonation(knex: Knex, input: ChangeDonationInput): Promise<void> {
  const { accountId, actor, donationId, values } = input;
  assertIdOr404(donationId, DONATION_NOT_FOUND);
  const owners = await ownersOf(knex, 'donations', accountId, donationId);
  if (!owners) throw new NotFound(DONATION_NOT_FOUND);
  await inTransaction(knex, async (trx) => {
    await lockMoneyRows(trx, accountId, [owners.contactId], [owners.campaignId, values.campaignId]);
    const before = await donationFacts(trx, accountId, donationId);
    if (!before) throw new NotFound(DONATION_NOT_FOUND);
    const contactId = before.contactId;
    await assertCampaignOf(trx, accountId, values.campaignId);
    const previousPledgeId = before.pledgeId;
    // Keeping the pledge it already fulfilled is allowed; only a new link is checked.
    if (values.pledgeId && values.pledgeId !== previousPledgeId) {
      if (!contactId) throw new BadRequest(PLEDGE_OF_OTHER_CONTACT, { pledgeId: PLEDGE_OF_OTHER_CONTACT });
      await assertLinkablePledge(trx, accountId, contactId, values.pledgeId);
    }
    const previous = excessKey(contactId, {
      committeeId: await committeeOfCampaign(trx, accountId, before.campaignId),
      electionCode: before.electionCode,
    });
    const designation = await designate(trx, accountId, values.campaignId, values.donationDate, values.electionCode);
    const write = donationRow(values, designation.electionCode);
    const current = excessKey(contactId, designation);
    // A gift moved out of every election keeps no flag of the one it left.
    const cleared = current ? {} : { excessAmount: null, remedyDeadline: null };
    await scoped(trx, 'donations', accountId)
      .where('donations.id', donationId)
      .update({ ...write, ...cleared, updatedAt: new Date() });
    const facts = factsOf(before);
    await refreshFigures(trx, accountId, {
      rollups: { removed: [facts], added: [{ ...facts, ...write } as DonationFacts] },
      excess: [previous, current],
      pledges: uniqueIds([previousPledgeId, values.pledgeId]).map((id) => ({ id, demote: true })),
      contacts: [contactId],
      campaigns: [before.campaignId, values.campaignId],
    });
    await traceMoney(trx, accountId, actor, 'donation', [{ id: donationId, action: 'update', before, after: { ...before, ...write } }]);
  });
}

export type MoveDonationInput = { accountId: string; actor: LedgerActor; donationId: string; contactId: string };

/**
 * Changes a gift's contributor (a gift entered on the wrong person, a merge of duplicate donors):
 * the gift keeps its amount, date, campaign and election; its pledge stays with the old contributor
 * (a pledge is its pledger's promise). Both contributors' figures and both elections' flags follow.
 * A contact of another account reads as missing (404).
 */
export async function moveDonation(knex: Knex, input: MoveDonationInput): Promise<void> {
  const { accountId, actor, donationId, contactId } = input;
  assertIdOr404(donationId, DONATION_NOT_FOUND);
  assertIdOr404(contactId, CONTACT_NOT_FOUND);
  const owners = await ownersOf(knex, 'donations', accountId, donationId);
  if (!owners) throw new NotFound(DONATION_NOT_FOUND);
  await inTransaction(knex, async (trx) => {
    await lockMoneyRows(trx, accountId, [owners.contactId, contactId], [owners.campaignId]);
    const before = await donationFacts(trx, accountId, donationId);
    if (!before) throw new NotFound(DONATION_NOT_FOUND);
    await assertContactOf(trx, accountId, contactId);
    const from = before.contactId;
    if (from === contactId) return;
    const campaignId = before.campaignId;
    const committeeId = await committeeOfCampaign(trx, accountId, campaignId);
    const electionCode = before.electionCode;
    const changes = { contactId, pledgeId: null };
    await scoped(trx, 'donations', accountId)
      .where('donations.id', donationId)
      .update({ ...changes, updatedAt: new Date() });
    const facts = factsOf(before);
    await refreshFigures(trx, accountId, {
      rollups: { removed: [facts], added: [{ ...facts, contactId }] },
      excess: [excessKey(from, { committeeId, electionCode }), excessKey(contactId, { committeeId, electionCode })],
      pledges: [{ id: before.pledgeId, demote: true }],
      contacts: [from, contactId],
      campaigns: [campaignId],
    });
    await traceMoney(trx, accountId, actor, 'donation', [{ id: donationId, action: 'move', before, after: { ...before, ...changes } }]);
  });
}
