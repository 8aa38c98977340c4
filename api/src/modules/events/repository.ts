import type { Knex } from 'knex';
import { scoped } from '../../http/tenancy';
import { applyWordSearch } from '../shared/search';

export type EventFilter = { search?: string; status?: string; campaignId?: string };

export function createEventsRepository(knex: Knex) {
  function base(accountId: string) {
    return scoped(knex, 'events', accountId)
      .leftJoin('campaigns', function joinCampaign() {
        this.on('campaigns.id', '=', 'events.campaignId').andOn('campaigns.accountId', '=', 'events.accountId');
      })
      .select('events.*', 'campaigns.name as campaignName');
  }

  return {
    async list(accountId: string, filter: EventFilter): Promise<Record<string, unknown>[]> {
      const query = base(accountId);
      if (filter.status) query.where('events.status', filter.status);
      if (filter.campaignId) query.where('events.campaignId', filter.campaignId);
      applyWordSearch(query, ['events.name', 'events.location', 'events.description'], filter.search);
      // Calendar order: dated events first, soonest first; undated ("TBD") events last.
      return query.orderByRaw('?? is null, ?? asc, ?? asc', ['events.startDate', 'events.startDate', 'events.id']);
    },

    async findById(accountId: string, id: string): Promise<Record<string, unknown> | undefined> {
      return base(accountId).where('events.id', id).first();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
