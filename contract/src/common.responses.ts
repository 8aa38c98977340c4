// Response schemas: what the API answers, as zod schemas, the one source of each response shape. The
// OpenAPI document describes responses from them, and the feature files infer their response types
// from them (`export type Campaign = z.output<typeof campaignSchema>` in campaigns.ts). A feature's
// response schemas sit beside its request schemas: `<feature>.responses.ts` next to `<feature>.ts`;
// this file holds the envelopes and the building blocks they share. The feature files take them with
// `import type` only and index.ts re-exports none of them: the frontends never parse a response, so
// their bundles leave these schemas out (docs/adr/0014-page-weight.md,
// docs/adr/0020-the-contract-package.md; lint refuses a frontend's value import of a `*.responses`
// file).
import { z } from 'zod';

export const text = z.string();
export const nullableText = z.string().nullable();
/** Instants are ISO 8601 in UTC. */
export const instant = z.string().nullable().meta({ description: 'ISO 8601 instant (UTC)' });
/** A date without a time is a calendar date, never midnight UTC. */
export const calendarDate = z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD' });
/** An event's dates: calendar days when it lasts all day, instants otherwise. */
export const dayOrInstant = z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD when allDay, else an ISO 8601 instant in UTC' });
export const idName = z.object({ id: text, name: text });
export const personName = z.object({ firstName: text, lastName: text });

export const apiFailureSchema = z
  .object({ message: text, details: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'ApiFailure', description: 'Every failure: a message safe to show, and the first problem per field.' });

export const deletedSchema = z.object({ deleted: z.literal(true) });
