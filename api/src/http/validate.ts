import type { ZodType, z } from 'zod';
import { BadRequest, type ErrorDetails } from './errors';

/** First message per field path, e.g. { email: 'Email is required', 'events.0.name': '...' }. */
export function zodDetails(error: z.ZodError): ErrorDetails {
  const details: ErrorDetails = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in details)) details[key] = issue.message;
  }
  return details;
}

/**
 * Parses input with a contract schema or throws a 400 whose message is the first problem, so a
 * client that only shows `message` still says something useful.
 */
export function parseOr400<S extends ZodType>(schema: S, input: unknown, fallbackMessage = 'Invalid request'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = zodDetails(result.error);
  const first = result.error.issues[0];
  const message = first ? (first.path.length > 0 ? first.message : first.message || fallbackMessage) : fallbackMessage;
  throw new BadRequest(message, details);
}
