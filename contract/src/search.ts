import { z } from 'zod';
import type { globalSearchResponseSchema } from './search.responses';
import { GLOBAL_SEARCH_MAX_LENGTH } from './searchLimits';

export { GLOBAL_SEARCH_LIMIT, GLOBAL_SEARCH_MAX_LENGTH } from './searchLimits';

/** Query of GET /api/search. */
export const globalSearchQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'q is required' : 'q must be text') })
    .trim()
    .min(1, 'q is required')
    .max(GLOBAL_SEARCH_MAX_LENGTH, `q must be at most ${GLOBAL_SEARCH_MAX_LENGTH} characters`),
});

export type GlobalSearchQuery = z.input<typeof globalSearchQuerySchema>;

/**
 * data of GET /api/search: up to five of each kind, best first. contactsTotal counts every matching
 * contact as GET /api/contacts?search= does: exact up to CONTACT_SEARCH_TOTAL_CAP, past it
 * moreContactsThanTotal ("more than 1,000").
 */
export type GlobalSearchResponse = z.output<typeof globalSearchResponseSchema>;

export type ContactSuggestion = GlobalSearchResponse['contacts'][number];
export type CampaignSuggestion = GlobalSearchResponse['campaigns'][number];
/** startDate: YYYY-MM-DD when allDay, else an ISO instant (as on events). */
export type EventSuggestion = GlobalSearchResponse['events'][number];
export type ListSuggestion = GlobalSearchResponse['lists'][number];
