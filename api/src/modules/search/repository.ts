import type { Knex } from 'knex';
import type { CampaignRow, ContactListRow, EventRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import { applyWordSearch, likeContains } from '../../db/wordSearch';

export type CampaignHit = Pick<CampaignRow, 'id' | 'name' | 'status'>;
export type EventHit = Pick<EventRow, 'id' | 'name' | 'startDate' | 'startDay' | 'location'>;
export type ListHit = Pick<ContactListRow, 'id' | 'name' | 'type' | 'memberCount'>;

/** Campaigns, events and lists whose words match, this account's only; contacts come from the contacts repository. */
export function createSearchRepository(knex: Knex) {
  /** Names that start with the search come first, then the rest by name. */
  function bestFirst(query: Knex.QueryBuilder, nameColumn: string, search: string, limit: number): Knex.QueryBuilder {
    const startsWith = likeContains(search).slice(1);
    return query.orderByRaw(`case when ?? like ? escape '!' then 0 else 1 end`, [nameColumn, startsWith]).orderBy(nameColumn).limit(limit);
  }

  return {
    async campaigns(accountId: string, search: string, limit: number): Promise<CampaignHit[]> {
      const query = scoped(knex, 'campaigns', accountId).select('campaigns.id', 'campaigns.name', 'campaigns.status');
      applyWordSearch(query, ['campaigns.name', 'campaigns.slug'], search);
      return bestFirst(query, 'campaigns.name', search, limit);
    },

    async events(accountId: string, search: string, limit: number): Promise<EventHit[]> {
      const query = scoped(knex, 'events', accountId).select('events.id', 'events.name', 'events.startDate', 'events.startDay', 'events.location');
      applyWordSearch(query, ['events.name', 'events.location'], search);
      return bestFirst(query, 'events.name', search, limit);
    },

    async lists(accountId: string, search: string, limit: number): Promise<ListHit[]> {
      const query = scoped(knex, 'contact_lists', accountId).select(
        'contact_lists.id',
        'contact_lists.name',
        'contact_lists.type',
        'contact_lists.memberCount',
      );
      applyWordSearch(query, ['contact_lists.name', 'contact_lists.description'], search);
      return bestFirst(query, 'contact_lists.name', search, limit);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
