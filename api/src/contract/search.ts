import { z } from 'zod';
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

export type ContactSuggestion = { id: string; name: string; email: string | null; organization: string | null };
export type CampaignSuggestion = { id: string; name: string; status: string };
/** startDate: YYYY-MM-DD when allDay, else an ISO instant (as on events). */
export type EventSuggestion = { id: string; name: string; startDate: string | null; allDay: boolean; location: string | null };
export type ListSuggestion = { id: string; name: string; type: string; memberCount: number };

/** data of GET /api/search: up to five of each kind, best first. */
export type GlobalSearchResponse = {
  contacts: ContactSuggestion[];
  campaigns: CampaignSuggestion[];
  events: EventSuggestion[];
  lists: ListSuggestion[];
};
