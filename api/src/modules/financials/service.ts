import { assertNotRecentDuplicate } from './duplicateGift';
import type { Knex } from 'knex';
import type { Donation, DonationValues, FinancialSummary, Pledge, PledgeStatus, PledgeValues } from '../../contract';
import { toBool, toInt, toIsoDate, toIsoDateTime, toMoney, toMoneyOrNull, type DbDateTime } from '../../db/values';
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
import type { FinancialsRepository } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export { CONTACT_NOT_FOUND, PLEDGE_NOT_FOUND, DONATION_NOT_FOUND, CAMPAIGN_NOT_FOUND, PLEDGE_OF_OTHER_CONTACT, PLEDGE_ALREADY_FULFILLED } from '../ledger';
export type { DonationListener } from '../ledger';

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

    async createDonation(accountId: string, actor: LedgerActor, contactId: string, values: DonationValues, options: { confirmDuplicate?: boolean } = {}): Promise<Donation> {
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
