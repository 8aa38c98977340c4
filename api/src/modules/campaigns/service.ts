import type { Knex } from 'knex';
import type { z } from 'zod';
import type {
  Campaign,
  CampaignDonation,
  CampaignDonationsResponse,
  CampaignDonorsResponse,
  CampaignTotalsInterval,
  CampaignTotalsPoint,
  CampaignTotalsResponse,
  CampaignValues,
  campaignsQuerySchema,
  CommitteeOption,
  DonationAccountOption,
} from '@caucus/contract';
import { toBool, toInt, toIsoDate, toIsoDateTime, toJsonArray, toJsonText, toMoney } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import { isUniqueViolation } from '../../db/errors';
import { archiveCampaign, assertHoldsNoMoney, lockMoneyRows, unarchiveCampaign, type LedgerActor } from '../ledger';
import type { CampaignDonationRow, CampaignListRow, CampaignsRepository, CampaignWrite } from './repository';

export function toCampaign(row: CampaignListRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    campaignType: row.campaignType,
    status: row.status,
    committeeId: row.committeeId,
    donationAccountId: row.donationAccountId,
    committee: row.committeeId && row.committeeName ? { id: row.committeeId, name: row.committeeName } : null,
    donationAccount: row.donationAccountId && row.donationAccountName ? { id: row.donationAccountId, name: row.donationAccountName } : null,
    fundraisingGoal: toMoney(row.fundraisingGoal),
    contactGoal: toInt(row.contactGoal),
    volunteerGoal: toInt(row.volunteerGoal),
    startDate: toIsoDate(row.startDate),
    endDate: toIsoDate(row.endDate),
    allowPublicDonations: toBool(row.allowPublicDonations),
    donationMinimum: toMoney(row.donationMinimum),
    donationMaximum: toMoney(row.donationMaximum),
    suggestedAmounts: toJsonArray<unknown>(row.suggestedAmounts)
      .map(Number)
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b),
    amountRaised: toMoney(row.amountRaised),
    donationCount: toInt(row.donationCount),
    contactsReached: toInt(row.contactsReached),
    volunteersRecruited: toInt(row.volunteersRecruited),
    isActive: row.status === 'active',
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

function toWrite(values: CampaignValues): CampaignWrite {
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    campaignType: values.campaignType,
    status: values.status,
    committeeId: values.committeeId,
    donationAccountId: values.donationAccountId,
    fundraisingGoal: values.fundraisingGoal,
    contactGoal: values.contactGoal,
    volunteerGoal: values.volunteerGoal,
    startDate: values.startDate,
    endDate: values.endDate,
    allowPublicDonations: values.allowPublicDonations,
    donationMinimum: values.donationMinimum,
    donationMaximum: values.donationMaximum,
    suggestedAmounts: toJsonText(values.suggestedAmounts),
  };
}

const SLUG_TAKEN = 'A campaign with this slug already exists';

/** Whole cents of a DECIMAL(14,2) amount: adding integers keeps the totals exact. */
const cents = (value: unknown): number => Math.round(toMoney(value) * 100);

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** Calendar arithmetic on 'YYYY-MM-DD' through UTC, where no day is ever 23 or 25 hours long. */
const utcMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The first day of the period holding `day`: the 1st of its month, or the Monday of its week. */
export function periodStartOf(day: string, interval: CampaignTotalsInterval): string {
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const ms = utcMs(day);
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - sinceMonday * DAY_MS);
}

function nextPeriodStart(start: string, interval: CampaignTotalsInterval): string {
  if (interval === 'week') return dayOf(utcMs(start) + 7 * DAY_MS);
  const [year, month] = start.split('-').map(Number);
  return dayOf(Date.UTC(year, month, 1));
}

/**
 * Folds per-day sums into every period from the first gift to the last (periods without gifts read
 * 0, so a chart's gaps are real), adding whole cents so the totals stay exact.
 */
export function foldIntoPeriods(days: { day: string; raisedCents: number; donationCount: number }[], interval: CampaignTotalsInterval): CampaignTotalsPoint[] {
  const byPeriod = new Map<string, { raisedCents: number; donationCount: number }>();
  for (const { day, raisedCents, donationCount } of days) {
    const key = periodStartOf(day, interval);
    const entry = byPeriod.get(key) ?? { raisedCents: 0, donationCount: 0 };
    entry.raisedCents += raisedCents;
    entry.donationCount += donationCount;
    byPeriod.set(key, entry);
  }
  const keys = [...byPeriod.keys()].sort();
  if (keys.length === 0) return [];
  const points: CampaignTotalsPoint[] = [];
  let runningCents = 0;
  for (let start = keys[0]; start <= keys[keys.length - 1]; start = nextPeriodStart(start, interval)) {
    const entry = byPeriod.get(start) ?? { raisedCents: 0, donationCount: 0 };
    runningCents += entry.raisedCents;
    points.push({
      periodStart: start,
      raised: entry.raisedCents / 100,
      donationCount: entry.donationCount,
      cumulativeRaised: runningCents / 100,
    });
  }
  return points;
}

function toCampaignDonation(row: CampaignDonationRow): CampaignDonation {
  return {
    id: row.id,
    // A deleted contact leaves the donation (SET NULL) and no name to show.
    contact:
      row.contactId && row.contactFirstName !== null && row.contactFirstName !== undefined
        ? { id: row.contactId, firstName: row.contactFirstName, lastName: row.contactLastName ?? '' }
        : null,
    donationAmount: toMoney(row.donationAmount),
    donationDate: toIsoDate(row.donationDate),
    paymentMethod: row.paymentMethod,
    status: row.status,
    isAnonymous: toBool(row.isAnonymous),
  };
}

export function createCampaignsService(repo: CampaignsRepository) {
  /** Committee and donation account must be this account's: another account's id reads as missing. */
  async function assertReferences(trx: Knex.Transaction, accountId: string, values: CampaignValues): Promise<void> {
    if (values.committeeId && !(isId(values.committeeId) && (await repo.exists(trx, 'committees', accountId, values.committeeId)))) {
      throw new NotFound('Committee not found');
    }
    if (values.donationAccountId && !(isId(values.donationAccountId) && (await repo.exists(trx, 'donation_accounts', accountId, values.donationAccountId)))) {
      throw new NotFound('Donation account not found');
    }
  }

  async function readBack(trx: Knex.Transaction, accountId: string, id: string): Promise<Campaign> {
    const row = await repo.findById(accountId, id, trx);
    if (!row) throw new NotFound('Campaign not found');
    return toCampaign(row);
  }

  /** The pre-check gives the clear message; the unique index still guards a race between two saves. */
  async function guardSlug<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
      throw err;
    }
  }

  async function assertCampaign(accountId: string, id: string): Promise<void> {
    assertIdOr404(id, 'Campaign not found');
    if (!(await repo.findById(accountId, id))) throw new NotFound('Campaign not found');
  }

  const service = {
    async list(accountId: string, query: z.output<typeof campaignsQuerySchema>): Promise<Campaign[]> {
      return (await repo.list(accountId, query)).map(toCampaign);
    },

    async get(accountId: string, id: string): Promise<Campaign> {
      assertIdOr404(id, 'Campaign not found');
      const row = await repo.findById(accountId, id);
      if (!row) throw new NotFound('Campaign not found');
      return toCampaign(row);
    },

    async create(accountId: string, userId: string | null, values: CampaignValues): Promise<Campaign> {
      return guardSlug(() =>
        repo.transaction(async (trx) => {
          await assertReferences(trx, accountId, values);
          if (await repo.slugTaken(trx, accountId, values.slug)) throw new Conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
          const id = newId();
          await repo.insert(trx, { ...toWrite(values), id, accountId, createdBy: userId });
          return readBack(trx, accountId, id);
        }),
      );
    },

    async update(accountId: string, id: string, values: CampaignValues): Promise<Campaign> {
      assertIdOr404(id, 'Campaign not found');
      return guardSlug(() =>
        repo.transaction(async (trx) => {
          if (!(await repo.exists(trx, 'campaigns', accountId, id))) throw new NotFound('Campaign not found');
          await assertReferences(trx, accountId, values);
          if (await repo.slugTaken(trx, accountId, values.slug, id)) throw new Conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
          await repo.update(trx, accountId, id, toWrite(values));
          return readBack(trx, accountId, id);
        }),
      );
    },

    async remove(accountId: string, id: string): Promise<void> {
      assertIdOr404(id, 'Campaign not found');
      await repo.transaction(async (trx) => {
        // Money never disappears (docs/adr/0012-the-ledger.md): the campaign's row is locked first, so
        // no gift lands between the check and the delete; one that holds gifts is archived instead.
        await lockMoneyRows(trx, accountId, [], [id]);
        await assertHoldsNoMoney(trx, accountId, { campaignId: id });
        if ((await repo.remove(trx, accountId, id)) === 0) throw new NotFound('Campaign not found');
      });
    },

    async archive(accountId: string, actor: LedgerActor, id: string): Promise<Campaign> {
      await archiveCampaign(repo.reader(), { accountId, actor, id });
      return service.get(accountId, id);
    },

    async unarchive(accountId: string, actor: LedgerActor, id: string): Promise<Campaign> {
      await unarchiveCampaign(repo.reader(), { accountId, actor, id });
      return service.get(accountId, id);
    },

    async committees(accountId: string): Promise<CommitteeOption[]> {
      return (await repo.committees(accountId)).map((row) => ({
        id: String(row.id),
        name: String(row.name),
        committeeType: String(row.committeeType),
      }));
    },

    async donationAccounts(accountId: string, campaignId?: string): Promise<DonationAccountOption[]> {
      let campaign: { id: string; donationAccountId: string | null } | undefined;
      if (campaignId) {
        assertIdOr404(campaignId, 'Campaign not found');
        const row = await repo.findById(accountId, campaignId);
        if (!row) throw new NotFound('Campaign not found');
        campaign = { id: campaignId, donationAccountId: row.donationAccountId };
      }
      return (await repo.donationAccounts(accountId, campaign)).map((row) => ({
        id: String(row.id),
        name: String(row.name),
        accountType: String(row.accountType),
      }));
    },

    /** The campaign's completed donations by month or week; another account's campaign is a 404. */
    async totals(accountId: string, id: string, interval: CampaignTotalsInterval): Promise<CampaignTotalsResponse> {
      await assertCampaign(accountId, id);
      const days = (await repo.raisedByDay(accountId, id)).flatMap((row) => {
        const day = toIsoDate(row.day as string | null);
        return day ? [{ day, raisedCents: cents(row.raised), donationCount: toInt(row.donationCount) }] : [];
      });
      const points = foldIntoPeriods(days, interval);
      const last = points[points.length - 1];
      return {
        interval,
        points,
        totalRaised: last ? last.cumulativeRaised : 0,
        donationCount: points.reduce((sum, point) => sum + point.donationCount, 0),
      };
    },

    async donors(accountId: string, id: string, page: { limit: number; offset: number }): Promise<CampaignDonorsResponse> {
      await assertCampaign(accountId, id);
      const { rows, total } = await repo.donors(accountId, id, page);
      return {
        donors: rows.map((row) => ({
          contactId: row.contactId,
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          email: row.email,
          totalGiven: toMoney(row.totalGiven),
          donationCount: toInt(row.donationCount),
          lastDonationDate: toIsoDate(row.lastDonationDate),
        })),
        total,
      };
    },

    async donations(accountId: string, id: string, page: { limit: number; offset: number }): Promise<CampaignDonationsResponse> {
      await assertCampaign(accountId, id);
      const { rows, total } = await repo.donations(accountId, id, page);
      return { donations: rows.map(toCampaignDonation), total };
    },

    /** Recomputes every campaign's totals of the account from scratch, then answers the fresh list. */
    async refreshAllTotals(accountId: string): Promise<Campaign[]> {
      return repo.transaction(async (trx) => {
        await repo.recomputeTotals(trx, accountId);
        return (await repo.list(accountId, {}, trx)).map(toCampaign);
      });
    },
  };
  return service;
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
