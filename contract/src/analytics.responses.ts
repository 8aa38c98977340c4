// What the analytics route answers, as zod schemas: the source of the response types in analytics.ts
// and of the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';

export const analyticsAcceptedSchema = z.object({ accepted: z.number() });
