import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Campaign, CampaignValues, campaignsQuerySchema, CommitteeOption, DonationAccountOption } from '../../contract';
import { toBool, toInt, toIsoDate, toIsoDateTime, toJsonArray, toJsonText, toMoney } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import { isUniqueViolation } from '../billing/dbErrors';
import type { CampaignsRepository, CampaignWrite } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toCampaign(row: Row): Campaign {
  const committeeId = str(row.committeeId);
  const donationAccountId = str(row.donationAccountId);
  const status = String(row.status) as Campaign['status'];
  return {
    id: String(row.id),
    name: String(row.name),
    slug: String(row.slug),
    description: str(row.description),
    campaignType: String(row.campaignType),
    status,
    committeeId,
    donationAccountId,
    committee: committeeId && row.committeeName ? { id: committeeId, name: String(row.committeeName) } : null,
    donationAccount:
      donationAccountId && row.donationAccountName ? { id: donationAccountId, name: String(row.donationAccountName) } : null,
    fundraisingGoal: toMoney(row.fundraisingGoal),
    contactGoal: toInt(row.contactGoal),
    volunteerGoal: toInt(row.volunteerGoal),
    startDate: toIsoDate(row.startDate as string | null),
    endDate: toIsoDate(row.endDate as string | null),
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
    isActive: status === 'active',
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    updatedAt: toIsoDateTime(row.updatedAt as Date | null),
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

export function createCampaignsService(repo: CampaignsRepository) {
  /** Committee and donation account must be this account's: another account's id reads as missing. */
  async function assertReferences(trx: Knex.Transaction, accountId: string, values: CampaignValues): Promise<void> {
    if (values.committeeId && !(isId(values.committeeId) && (await repo.exists(trx, 'committees', accountId, values.committeeId)))) {
      throw new NotFound('Committee not found');
    }
    if (
      values.donationAccountId &&
      !(isId(values.donationAccountId) && (await repo.exists(trx, 'donation_accounts', accountId, values.donationAccountId)))
    ) {
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

  return {
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
        if ((await repo.remove(trx, accountId, id)) === 0) throw new NotFound('Campaign not found');
      });
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
        campaign = { id: campaignId, donationAccountId: row.donationAccountId ? String(row.donationAccountId) : null };
      }
      return (await repo.donationAccounts(accountId, campaign)).map((row) => ({
        id: String(row.id),
        name: String(row.name),
        accountType: String(row.accountType),
      }));
    },

    /** Recomputes every campaign's totals of the account from scratch, then answers the fresh list. */
    async refreshAllTotals(accountId: string): Promise<Campaign[]> {
      return repo.transaction(async (trx) => {
        await repo.recomputeTotals(trx, accountId);
        return (await repo.list(accountId, {}, trx)).map(toCampaign);
      });
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
