import type { Knex } from 'knex';
import { toIsoDateTime, type DbDateTime } from '../../db/values';
import type { Delivery } from './delivery';

export type SendTuning = {
  publicUrl: string;
  /** How many recipients are taken from the database at a time. */
  batchSize: number;
  /** How many messages are in flight at once. */
  lanes: number;
  /** How long a claimed recipient may stay 'sending' before a new worker counts it as interrupted. */
  leaseMs: number;
  /** First wait before a temporary failure is tried again (doubled each time). */
  retryBaseMs: number;
};

/** What the parts of the sends service share (sends.ts wires them). */
export type SendContext = {
  knex: Knex;
  delivery: Delivery;
  tuning: SendTuning;
  /** Queues the send's job, after delayMs (never less than 0). */
  enqueue: (sendId: string, delayMs?: number) => Promise<void>;
};

/** Epoch milliseconds of a stored instant, 0 when there is none. */
export const instantMs = (value: DbDateTime): number => Date.parse(toIsoDateTime(value) ?? '') || 0;
