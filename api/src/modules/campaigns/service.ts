import type { z } from 'zod';
import type { Campaign, campaignsQuerySchema } from '../../contract';
import { toBool, toInt, toIsoDateTime, toJsonArray, toMoney } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { CampaignsRepository } from './repository';

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
    startDate: toIsoDateTime(row.startDate as Date | null),
    endDate: toIsoDateTime(row.endDate as Date | null),
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

export function createCampaignsService(repo: CampaignsRepository) {
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
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
