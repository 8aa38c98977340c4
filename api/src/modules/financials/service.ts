import { assertNotRecentDuplicate } from './duplicateGift';
import type { Knex } from 'knex';
import type { Donation, DonationValues, FinancialSummary, Pledge, PledgeStatus, PledgeValues } from '../../contract';
import { assertTotalFits, toBool, toDbDateTime, toInt, toIsoDate, toIsoDateTime, toMoney, toMoneyOrNull, type DbDateTime } from '../../db/values';
import { BadRequest, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import { COUNTED_DONATION_STATUS } from '../../db/enums';
import { addToCampaignTotals, recomputeCampaignTotals, type CampaignTotals } from '../campaigns/repository';
import { committeeOfCampaign, designate, excessKey, recomputeExcessFor } from '../compliance/designation';
import type { DonationWrite, FinancialsRepository, PledgeWrite } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export const CONTACT_NOT_FOUND = 'Contact not found';
export const PLEDGE_NOT_FOUND = 'Pledge not found';
export const DONATION_NOT_FOUND = 'Donation not found';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const PLEDGE_OF_OTHER_CONTACT = 'The pledge belongs to another contact';
export const PLEDGE_ALREADY_FULFILLED = 'This pledge is already fulfilled';

export function toPledge(row: Row): Pledge {
  const campaignId = str(row.campaignId);
  return {
    id: String(row.id),
    contactId: String(row.contactId),
    pledgeAmount: toMoney(row.pledgeAmount),
    frequency: String(row.frequency),
    pledgeDate: toIsoDate(row.pledgeDate as DbDateTime),
    dueDate: toIsoDate(row.dueDate as DbDateTime),
    campaignId,
    campaign: campaignId && row.campaignName ? { id: campaignId, name: String(row.campaignName) } : null,
    notes: str(row.notes),
    paymentMethod: str(row.paymentMethod),
    isAnonymous: toBool(row.isAnonymous),
    solicitorId: str(row.solicitorId),
    status: String(row.status) as PledgeStatus,
    amountFulfilled: toMoney(row.amountFulfilled),
    createdAt: toIsoDateTime(row.createdAt as DbDateTime),
    updatedAt: toIsoDateTime(row.updatedAt as DbDateTime),
  };
}

export function toDonation(row: Row): Donation {
  const campaignId = str(row.campaignId);
  const pledgeId = str(row.pledgeId);
  return {
    id: String(row.id),
    contactId: str(row.contactId),
    donationAmount: toMoney(row.donationAmount),
    paymentMethod: String(row.paymentMethod),
    status: String(row.status) as Donation['status'],
    donationDate: toIsoDate(row.donationDate as DbDateTime),
    processedDate: toIsoDateTime(row.processedDate as DbDateTime),
    campaignId,
    campaign: campaignId && row.campaignName ? { id: campaignId, name: String(row.campaignName) } : null,
    pledgeId,
    pledge:
      pledgeId && row.pledgeStatus
        ? {
            id: pledgeId,
            pledgeAmount: toMoney(row.pledgePledgeAmount),
            amountFulfilled: toMoney(row.pledgeAmountFulfilled),
            status: String(row.pledgeStatus) as PledgeStatus,
          }
        : null,
    checkNumber: str(row.checkNumber),
    transactionId: str(row.transactionId),
    referenceNumber: str(row.referenceNumber),
    notes: str(row.notes),
    isAnonymous: toBool(row.isAnonymous),
    isRecurring: toBool(row.isRecurring),
    solicitorId: str(row.solicitorId),
    taxDeductibleAmount: toMoneyOrNull(row.taxDeductibleAmount),
    netAmount: toMoneyOrNull(row.netAmount),
    inKindDescription: str(row.inKindDescription),
    fairMarketValue: toMoneyOrNull(row.fairMarketValue),
    electionCode: str(row.electionCode),
    excessAmount: row.excessAmount === null || row.excessAmount === undefined ? null : toMoney(row.excessAmount),
    remedyDeadline: toIsoDate(row.remedyDeadline as DbDateTime),
    remedyAction: str(row.remedyAction) as Donation['remedyAction'],
    remedyOfId: str(row.remedyOfId),
    createdAt: toIsoDateTime(row.createdAt as DbDateTime),
    updatedAt: toIsoDateTime(row.updatedAt as DbDateTime),
  };
}

function pledgeWrite(values: PledgeValues): PledgeWrite {
  return {
    pledgeAmount: values.pledgeAmount,
    frequency: values.frequency,
    pledgeDate: values.pledgeDate,
    dueDate: values.dueDate,
    campaignId: values.campaignId,
    notes: values.notes,
    paymentMethod: values.paymentMethod,
    isAnonymous: values.isAnonymous,
    solicitorId: values.solicitorId,
    status: values.status,
  };
}

function donationWrite(values: DonationValues, electionCode: string | null): DonationWrite {
  return {
    electionCode,
    donationAmount: values.donationAmount,
    paymentMethod: values.paymentMethod,
    status: values.status,
    donationDate: values.donationDate,
    processedDate: toDbDateTime(values.processedDate),
    campaignId: values.campaignId,
    pledgeId: values.pledgeId,
    // The check number only means something for check payments (SPEC point 5).
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

/** A contact new to the campaign adds one to its contacts reached (and volunteers, if one). */
function reachDelta(reach: { reached: boolean; isVolunteer: boolean }): CampaignTotals {
  const added = reach.reached ? 0 : 1;
  return { amountRaised: 0, donationCount: 0, contactsReached: added, volunteersRecruited: reach.isVolunteer ? added : 0 };
}

/**
 * amountFulfilled follows the counted donations linked to the pledge. Reaching the pledged amount
 * marks it fulfilled; falling below again (a refund, an unlink) undoes that only when `demote`,
 * so a pledge marked fulfilled by hand is not reopened by editing the pledge itself. Exported: a
 * compliance remedy that refunds part of a gift settles its pledge the same way.
 */
export async function settlePledge(repo: FinancialsRepository, trx: Knex.Transaction, accountId: string, pledgeId: string, demote: boolean): Promise<void> {
  const pledge = await repo.findPledge(trx, accountId, pledgeId);
  if (!pledge) return;
  const amountFulfilled = await repo.fulfilledAmount(trx, accountId, pledgeId);
  assertTotalFits(amountFulfilled, 'donationAmount');
  const pledged = toMoney(pledge.pledgeAmount);
  let status = String(pledge.status);
  if (amountFulfilled >= pledged && status !== 'cancelled') status = 'fulfilled';
  else if (demote && status === 'fulfilled' && amountFulfilled < pledged) status = 'pending';
  await repo.updatePledge(trx, accountId, pledgeId, { amountFulfilled, status });
}

const unique = (ids: (string | null | undefined)[]): string[] => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/**
 * The calendar year at `now` where the account is: a gift dated Dec 31 still counts toward the old
 * year in New York while UTC has already turned. A zone the runtime does not know reads as UTC
 * rather than failing the whole read.
 */
export function calendarYearIn(timeZone: string | null, now: Date): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: timeZone || 'UTC', year: 'numeric' }).formatToParts(now);
    return Number(parts.find((part) => part.type === 'year')?.value);
  } catch {
    return now.getUTCFullYear();
  }
}

/** `now` is injectable so the turn of the year can be tested. */
/** Told of each donation recorded here, inside its transaction (the settings' notice emails). */
export type DonationListener = (
  trx: Knex.Transaction,
  event: { accountId: string; donationId: string; contactId: string; campaignId: string; recordedBy: string | null; amount: number; donationDate: string; counted: boolean },
) => Promise<void>;

export function createFinancialsService(repo: FinancialsRepository, now: () => Date = () => new Date(), onDonationRecorded?: DonationListener) {
  async function assertContact(db: Knex | Knex.Transaction, accountId: string, contactId: string): Promise<void> {
    assertIdOr404(contactId, CONTACT_NOT_FOUND);
    if (!(await repo.exists(db, 'contacts', accountId, contactId))) throw new NotFound(CONTACT_NOT_FOUND);
  }

  /** A campaign of another account reads as missing, the same as an id that never existed. */
  async function assertCampaign(trx: Knex.Transaction, accountId: string, campaignId: string): Promise<void> {
    if (!isId(campaignId) || !(await repo.exists(trx, 'campaigns', accountId, campaignId))) {
      throw new NotFound(CAMPAIGN_NOT_FOUND);
    }
  }

  const settle = (trx: Knex.Transaction, accountId: string, pledgeId: string, demote: boolean) => settlePledge(repo, trx, accountId, pledgeId, demote);

  /** Only a pledge of the same contact that is not fulfilled can take a new donation (SPEC point 4). */
  async function assertLinkablePledge(trx: Knex.Transaction, accountId: string, contactId: string, pledgeId: string): Promise<void> {
    const pledge = isId(pledgeId) ? await repo.findPledge(trx, accountId, pledgeId) : undefined;
    if (!pledge) throw new NotFound(PLEDGE_NOT_FOUND);
    if (String(pledge.contactId) !== contactId) throw new BadRequest(PLEDGE_OF_OTHER_CONTACT, { pledgeId: PLEDGE_OF_OTHER_CONTACT });
    if (String(pledge.status) === 'fulfilled') throw new BadRequest(PLEDGE_ALREADY_FULFILLED, { pledgeId: PLEDGE_ALREADY_FULFILLED });
  }

  async function readPledge(trx: Knex | Knex.Transaction, accountId: string, id: string): Promise<Pledge> {
    const row = await repo.findPledge(trx, accountId, id);
    if (!row) throw new NotFound(PLEDGE_NOT_FOUND);
    return toPledge(row);
  }

  async function readDonation(trx: Knex | Knex.Transaction, accountId: string, id: string): Promise<Donation> {
    const row = await repo.findDonation(trx, accountId, id);
    if (!row) throw new NotFound(DONATION_NOT_FOUND);
    return toDonation(row);
  }

  return {
    async summary(accountId: string, contactId: string): Promise<FinancialSummary> {
      // One transaction: every figure is read from the same donations.
      const { pledges, donations, latest, largest, year, thisYear } = await repo.transaction(async (trx) => {
        await assertContact(trx, accountId, contactId);
        const year = calendarYearIn(await repo.accountTimeZone(trx, accountId), now());
        return {
          pledges: await repo.pledgeSummary(trx, accountId, contactId),
          donations: await repo.donationSummary(trx, accountId, contactId),
          latest: await repo.latestDonation(trx, accountId, contactId),
          largest: await repo.largestDonation(trx, accountId, contactId),
          year,
          // donationDate is a calendar day, so the year is a plain range of days.
          thisYear: await repo.donationsDatedBetween(trx, accountId, contactId, `${year}-01-01`, `${year}-12-31`),
        };
      });
      const completed = toInt(donations?.completed);
      const totalAmount = toMoney(donations?.totalAmount);
      return {
        pledges: {
          total: toInt(pledges?.total),
          totalAmount: toMoney(pledges?.totalAmount),
          totalFulfilled: toMoney(pledges?.totalFulfilled),
        },
        donations: {
          completed,
          totalAmount,
          averageAmount: completed > 0 ? toMoney(totalAmount / completed) : 0,
          lastDonationDate: toIsoDate(donations?.lastDonationDate as DbDateTime),
          lastDonationAmount: latest ? toMoney(latest.donationAmount) : null,
          largestDonationAmount: largest ? toMoney(largest.donationAmount) : null,
          largestDonationDate: largest ? toIsoDate(largest.donationDate as DbDateTime) : null,
          thisYear: { year, completed: toInt(thisYear?.completed), totalAmount: toInt(thisYear?.totalCents) / 100 },
        },
      };
    },

    async listPledges(accountId: string, contactId: string): Promise<Pledge[]> {
      return repo.transaction(async (trx) => {
        await assertContact(trx, accountId, contactId);
        return (await repo.listPledges(accountId, contactId, trx)).map(toPledge);
      });
    },

    async createPledge(accountId: string, userId: string | null, contactId: string, values: PledgeValues): Promise<Pledge> {
      assertIdOr404(contactId, CONTACT_NOT_FOUND);
      const id = await repo.transaction(async (trx) => {
        await repo.lockForWrite(trx, accountId, contactId, []);
        await assertContact(trx, accountId, contactId);
        await assertCampaign(trx, accountId, values.campaignId);
        const reach = await repo.campaignReach(trx, accountId, contactId, values.campaignId);
        // The campaign row is shared by every write to the campaign: locked last, held briefly.
        await repo.lockForWrite(trx, accountId, null, [values.campaignId]);
        const pledgeId = newId();
        await repo.insertPledge(trx, { ...pledgeWrite(values), id: pledgeId, accountId, contactId, createdBy: userId });
        // Pledgers count toward the campaign's contacts reached.
        await addToCampaignTotals(trx, accountId, values.campaignId, reachDelta(reach));
        return pledgeId;
      });
      return readPledge(repo.reader(), accountId, id);
    },

    async updatePledge(accountId: string, pledgeId: string, values: PledgeValues): Promise<Pledge> {
      assertIdOr404(pledgeId, PLEDGE_NOT_FOUND);
      const owners = await repo.owners('pledges', accountId, pledgeId);
      if (!owners) throw new NotFound(PLEDGE_NOT_FOUND);
      return repo.transaction(async (trx) => {
        await repo.lockForWrite(trx, accountId, owners.contactId, unique([owners.campaignId, values.campaignId]));
        const before = await repo.findPledge(trx, accountId, pledgeId);
        if (!before) throw new NotFound(PLEDGE_NOT_FOUND);
        await assertCampaign(trx, accountId, values.campaignId);
        await repo.updatePledge(trx, accountId, pledgeId, pledgeWrite(values));
        await settle(trx, accountId, pledgeId, false);
        await recomputeCampaignTotals(trx, accountId, unique([str(before.campaignId), values.campaignId]));
        return readPledge(trx, accountId, pledgeId);
      });
    },

    async listDonations(accountId: string, contactId: string): Promise<Donation[]> {
      return repo.transaction(async (trx) => {
        await assertContact(trx, accountId, contactId);
        return (await repo.listDonations(accountId, contactId, trx)).map(toDonation);
      });
    },

    async createDonation(accountId: string, userId: string | null, contactId: string, values: DonationValues, options: { confirmDuplicate?: boolean } = {}): Promise<Donation> {
      assertIdOr404(contactId, CONTACT_NOT_FOUND);
      const id = await repo.transaction(async (trx) => {
        // Writes of one contact queue on its row; the checks below read under that lock.
        await repo.lockForWrite(trx, accountId, contactId, []);
        await assertContact(trx, accountId, contactId);
        await assertCampaign(trx, accountId, values.campaignId);
        if (values.pledgeId) await assertLinkablePledge(trx, accountId, contactId, values.pledgeId);
        if (!options.confirmDuplicate) await assertNotRecentDuplicate(trx, accountId, contactId, values);
        const reach = await repo.campaignReach(trx, accountId, contactId, values.campaignId);
        const designation = await designate(trx, accountId, values.campaignId, values.donationDate, values.electionCode);
        // Every donation to the campaign shares its row: it is locked last (before the donation's
        // foreign key would take a shared lock on it), for the few statements left.
        await repo.lockForWrite(trx, accountId, null, [values.campaignId]);
        const donationId = newId();
        await repo.insertDonation(trx, { ...donationWrite(values, designation.electionCode), id: donationId, accountId, contactId, createdBy: userId });
        // Money received is recorded, never refused: past the election's limit it is flagged (issue 14).
        await recomputeExcessFor(trx, accountId, [excessKey(contactId, designation)]);
        if (values.pledgeId) await settle(trx, accountId, values.pledgeId, true);
        await repo.recomputeContactStats(trx, accountId, contactId);
        const counted = values.status === COUNTED_DONATION_STATUS;
        await addToCampaignTotals(trx, accountId, values.campaignId, {
          ...reachDelta(reach),
          amountRaised: counted ? values.donationAmount : 0,
          donationCount: counted ? 1 : 0,
        });
        await onDonationRecorded?.(trx, {
          accountId,
          donationId,
          contactId,
          campaignId: values.campaignId,
          recordedBy: userId,
          amount: values.donationAmount,
          donationDate: values.donationDate,
          counted,
        });
        return donationId;
      });
      return readDonation(repo.reader(), accountId, id);
    },

    async updateDonation(accountId: string, donationId: string, values: DonationValues): Promise<Donation> {
      assertIdOr404(donationId, DONATION_NOT_FOUND);
      const owners = await repo.owners('donations', accountId, donationId);
      if (!owners) throw new NotFound(DONATION_NOT_FOUND);
      return repo.transaction(async (trx) => {
        await repo.lockForWrite(trx, accountId, owners.contactId, unique([owners.campaignId, values.campaignId]));
        const before = await repo.findDonation(trx, accountId, donationId);
        if (!before) throw new NotFound(DONATION_NOT_FOUND);
        const contactId = str(before.contactId);
        await assertCampaign(trx, accountId, values.campaignId);
        const previousPledgeId = str(before.pledgeId);
        // Keeping the pledge it already fulfilled is allowed; only a new link is checked.
        if (values.pledgeId && values.pledgeId !== previousPledgeId) {
          if (!contactId) throw new BadRequest(PLEDGE_OF_OTHER_CONTACT, { pledgeId: PLEDGE_OF_OTHER_CONTACT });
          await assertLinkablePledge(trx, accountId, contactId, values.pledgeId);
        }
        const previous = excessKey(contactId, { committeeId: await committeeOfCampaign(trx, accountId, str(before.campaignId)), electionCode: str(before.electionCode) });
        const designation = await designate(trx, accountId, values.campaignId, values.donationDate, values.electionCode);
        await repo.updateDonation(trx, accountId, donationId, donationWrite(values, designation.electionCode));
        const current = excessKey(contactId, designation);
        // The recompute walks elections: a gift moved out of every election (dated after the last one,
        // or to a campaign without a committee) would keep the flag of the one it left.
        if (!current) await repo.clearExcess(trx, accountId, donationId);
        // Both elections the gift counted toward, before and after, get their flags again.
        await recomputeExcessFor(trx, accountId, [previous, current]);
        for (const pledgeId of unique([previousPledgeId, values.pledgeId])) await settle(trx, accountId, pledgeId, true);
        if (contactId) await repo.recomputeContactStats(trx, accountId, contactId);
        await recomputeCampaignTotals(trx, accountId, unique([str(before.campaignId), values.campaignId]));
        return readDonation(trx, accountId, donationId);
      });
    },
  };
}

export type FinancialsService = ReturnType<typeof createFinancialsService>;
