import type { Knex } from 'knex';
import { scoped } from '../../http/tenancy';
import { applyWordSearch } from '../shared/search';

export type CampaignFilter = { search?: string; status?: string };

export function createCampaignsRepository(knex: Knex) {
  function base(accountId: string) {
    return (
      scoped(knex, 'campaigns', accountId)
        // Joined on the account too: a committee of another account must never lend its name.
        .leftJoin('committees', function joinCommittee() {
          this.on('committees.id', '=', 'campaigns.committeeId').andOn('committees.accountId', '=', 'campaigns.accountId');
        })
        .leftJoin('donation_accounts', function joinDonationAccount() {
          this.on('donation_accounts.id', '=', 'campaigns.donationAccountId').andOn(
            'donation_accounts.accountId',
            '=',
            'campaigns.accountId',
          );
        })
        .select('campaigns.*', 'committees.name as committeeName', 'donation_accounts.name as donationAccountName')
    );
  }

  return {
    async list(accountId: string, filter: CampaignFilter): Promise<Record<string, unknown>[]> {
      const query = base(accountId);
      if (filter.status) query.where('campaigns.status', filter.status);
      applyWordSearch(query, ['campaigns.name', 'campaigns.slug', 'campaigns.description'], filter.search);
      return query.orderBy([
        { column: 'campaigns.createdAt', order: 'desc' },
        { column: 'campaigns.id', order: 'desc' },
      ]);
    },

    async findById(accountId: string, id: string): Promise<Record<string, unknown> | undefined> {
      return base(accountId).where('campaigns.id', id).first();
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
