// What the email change's links answer, as a zod schema: the source of the response type in
// emailChange.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends import
// its type only (common.responses.ts).
import { z } from 'zod';

export const emailChangeResultSchema = z.object({ message: z.string(), email: z.string() });
