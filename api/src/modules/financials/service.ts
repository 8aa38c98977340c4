import { assertNotRecentDuplicate } from './duplicateGift';
import type { Knex } from 'knex';
import type { Donation, DonationValues, FinancialSummary, Pledge, PledgeValues } from '@caucus/contract';
import { toBool, toInt, toIsoDate, toIsoDateTime, toMoney, toMoneyOrNull } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { AuditEntry } from '../../lib/audit';
import {
  changeDonation,
  changePledge,
  CONTACT_NOT_FOUND,
  DONATION_NOT_FOUND,
  moneyHistoryOfContact,
  moneyHistoryOfDonation,
  moveDonation,
  PLEDGE_NOT_FOUND,
  recordDonation,
  recordPledge,
  type DonationListener,
  type LedgerActor,
} from '../ledger';
import type { DonationListRow, FinancialsRepository, PledgeListRow } from './repository';

export { CONTACT_NOT_FOUND, PLEDGE_NOT_FOUND, DONATION_NOT_FOUND, CAMPAIGN_NOT_FOUND, PLEDGE_OF_OTHER_CONTACT, PLEDGE_ALREADY_FULFILLED } from '../ledger';
export type { DonationListener } from '../ledger';

export function toPledge(row: PledgeListRow): Pledge {
  return {
    id: row.id,
    contactId: row.contactId,
    pledgeAmount: toMoney(row.pledgeAmount),
    frequency: row.frequency,
    pledgeDate: toIsoDate(row.pledgeDate),
    dueDate: toIsoDate(row.dueDate),
    campaignId: row.campaignId,
    campaign: row.campaignId && row.campaignName ? { id: row.campaignId, name: row.campaignName } : null,
    notes: row.notes,
    paymentMethod: row.paymentMethod,
    isAnonymous: toBool(row.isAnonymous),
    solicitorId: row.solicitorId,
    status: row.status,
    amountFulfilled: toMoney(row.amountFulfilled),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

export function toDonation(row: DonationListRow): Donation {
  return {
    id: row.id,
    contactId: row.contactId,
    donationAmount: toMoney(row.donationAmount),
    paymentMethod: row.paymentMethod,
    status: row.status,
    donationDate: toIsoDate(row.donationDate),
    processedDate: toIsoDateTime(row.processedDate),
    campaignId: row.campaignId,
    campaign: row.campaignId && row.campaignName ? { id: row.campaignId, name: row.campaignName } : null,
    pledgeId: row.pledgeId,
    pledge:
      row.pledgeId && row.pledgeStatus
        ? {
            id: row.pledgeId,
            pledgeAmount: toMoney(row.pledgePledgeAmount),
            amountFulfilled: toMoney(row.pledgeAmountFulfilled),
            status: row.pledgeStatus,
          }
        : null,
    checkNumber: row.checkNumber,
    transactionId: row.transactionId,
    referenceNumber: row.referenceNumber,
    notes: row.notes,
    isAnonymous: toBool(row.isAnonymous),
    isRecurring: toBool(row.isRecurring),
    solicitorId: row.solicitorId,
    taxDeductibleAmount: toMoneyOrNull(row.taxDeductibleAmount),
    netAmount: toMoneyOrNull(row.netAmount),
    inKindDescription: row.inKindDescription,
    fairMarketValue: toMoneyOrNull(row.fairMarketValue),
    electionCode: row.electionCode,
    excessAmount: toMoneyOrNull(row.excessAmount),
    remedyDeadline: toIsoDate(row.remedyDeadline),
    remedyAction: row.remedyAction,
    remedyOfId: row.remedyOfId,
    needsReview: toBool(row.needsReview),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

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
export function createFinancialsService(repo: FinancialsRepository, now: () => Date = () => new Date(), onDonationRecorded?: DonationListener) {
  async function assertContact(db: Knex | Knex.Transaction, accountId: string, contactId: string): Promise<void> {
    assertIdOr404(contactId, CONTACT_NOT_FOUND);
    if (!(await repo.exists(db, 'contacts', accountId, contactId))) throw new NotFound(CONTACT_NOT_FOUND);
  }

  /** A campaign of another account reads as missing, the same as an id that never existed. */
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
          lastDonationDate: toIsoDate(donations?.lastDonationDate),
          lastDonationAmount: latest ? toMoney(latest.donationAmount) : null,
          largestDonationAmount: largest ? toMoney(largest.donationAmount) : null,
          largestDonationDate: largest ? toIsoDate(largest.donationDate) : null,
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

    async createPledge(accountId: string, actor: LedgerActor, contactId: string, values: PledgeValues): Promise<Pledge> {
      const id = await recordPledge(repo.reader(), { accountId, actor, contactId, values });
      return readPledge(repo.reader(), accountId, id);
    },

    async updatePledge(accountId: string, actor: LedgerActor, pledgeId: string, values: PledgeValues): Promise<Pledge> {
      await changePledge(repo.reader(), { accountId, actor, pledgeId, values });
      return readPledge(repo.reader(), accountId, pledgeId);
    },

    async listDonations(accountId: string, contactId: string): Promise<Donation[]> {
      return repo.transaction(async (trx) => {
        await assertContact(trx, accountId, contactId);
        return (await repo.listDonations(accountId, contactId, trx)).map(toDonation);
      });
    },

    async createDonation(
      accountId: string,
      actor: LedgerActor,
      contactId: string,
      values: DonationValues,
      options: { confirmDuplicate?: boolean } = {},
    ): Promise<Donation> {
      // Asked inside the ledger's transaction, once the gift is otherwise valid and under the contact's
      // lock, so two identical requests sent at the same instant are asked too.
      // A payment on a pledge is checked by the pledge (a fulfilled pledge takes no second payment).
      const askIfDuplicate = !options.confirmDuplicate && !values.pledgeId;
      const id = await recordDonation(repo.reader(), {
        accountId,
        actor,
        contactId,
        values,
        onRecorded: onDonationRecorded,
        beforeWrite: askIfDuplicate ? (trx) => assertNotRecentDuplicate(trx, accountId, contactId, values) : undefined,
      });
      return readDonation(repo.reader(), accountId, id);
    },

    async updateDonation(accountId: string, actor: LedgerActor, donationId: string, values: DonationValues): Promise<Donation> {
      await changeDonation(repo.reader(), { accountId, actor, donationId, values });
      return readDonation(repo.reader(), accountId, donationId);
    },

    /** Moves a gift to the contact who really gave it (its pledge stays with the pledger). */
    async moveDonation(accountId: string, actor: LedgerActor, donationId: string, contactId: string): Promise<Donation> {
      await moveDonation(repo.reader(), { accountId, actor, donationId, contactId });
      return readDonation(repo.reader(), accountId, donationId);
    },

    /** Every change to the contact's gifts, newest first (the audit trail the ledger writes). */
    async history(accountId: string, contactId: string): Promise<AuditEntry[]> {
      return moneyHistoryOfContact(repo.reader(), accountId, contactId);
    },

    async donationHistory(accountId: string, donationId: string): Promise<AuditEntry[]> {
      return moneyHistoryOfDonation(repo.reader(), accountId, donationId);
    },
  };
}

export type FinancialsService = ReturnType<typeof createFinancialsService>;
