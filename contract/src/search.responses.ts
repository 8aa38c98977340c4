// What the global search answers, as zod schemas: the source of the response types in search.ts and of
// the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';
import { dayOrInstant, nullableText, text } from './common.responses';

export const globalSearchResponseSchema = z
  .object({
    contacts: z.array(z.object({ id: text, name: text, email: nullableText, organization: nullableText })),
    contactsTotal: z.number().meta({ description: 'Contacts matching, exact unless moreContactsThanTotal (counting stops past 1,000)' }),
    moreContactsThanTotal: z.boolean(),
    campaigns: z.array(z.object({ id: text, name: text, status: text })),
    events: z.array(z.object({ id: text, name: text, startDate: dayOrInstant, allDay: z.boolean(), location: nullableText })),
    lists: z.array(z.object({ id: text, name: text, type: text, memberCount: z.number() })),
  })
  .meta({ id: 'GlobalSearch' });
