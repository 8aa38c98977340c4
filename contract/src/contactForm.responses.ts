// What the public contact form's route answers, as zod schemas: the source of the response types in
// contactForm.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends import
// their types only (common.responses.ts).
import { z } from 'zod';
import { text } from './common.responses';

export const contactFormResponseSchema = z.object({ success: z.literal(true), message: text });
