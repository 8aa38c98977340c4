import { GLOBAL_SEARCH_LIMIT, type GlobalSearchResponse } from '@caucus/contract';
import { toInt, toIsoDate, toIsoDateTime } from '../../db/values';
import type { ContactsRepository } from '../contacts/repository';
import type { SearchRepository } from './repository';

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** One search over contacts, campaigns, events and lists (the top bar's suggestions). */
export function createSearchService(repo: SearchRepository, contacts: Pick<ContactsRepository, 'list'>) {
  return {
    async search(accountId: string, q: string): Promise<GlobalSearchResponse> {
      const limit = GLOBAL_SEARCH_LIMIT;
      // The contacts list's own search (indexed on MariaDB), so both find the same people and the
      // same total (counted up to CONTACT_SEARCH_TOTAL_CAP: cheap even for a frequent word).
      const [people, campaigns, events, lists] = await Promise.all([
        contacts.list(accountId, { search: q, limit, offset: 0 }),
        repo.campaigns(accountId, q, limit),
        repo.events(accountId, q, limit),
        repo.lists(accountId, q, limit),
      ]);
      return {
        contacts: people.rows.map((row) => ({
          id: String(row.id),
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || String(row.organization ?? ''),
          email: text(row.primaryEmail),
          organization: text(row.organization),
        })),
        contactsTotal: people.total,
        moreContactsThanTotal: people.moreThanTotal,
        campaigns: campaigns.map((row) => ({ id: row.id, name: row.name, status: row.status })),
        events: events.map((row) => {
          const allDay = row.startDay != null;
          return {
            id: row.id,
            name: row.name,
            startDate: allDay ? toIsoDate(row.startDay) : toIsoDateTime(row.startDate),
            allDay,
            location: text(row.location),
          };
        }),
        lists: lists.map((row) => ({ id: row.id, name: row.name, type: row.type, memberCount: toInt(row.memberCount) })),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
