// One job interface for long work (DESIGN: imports, smart-list refresh after imports): in-process by
// default, BullMQ on Redis when REDIS_URL is set. Handlers are idempotent and resumable, so running a
// job twice, or again after a crash, is always safe.

/**
 * import: work an import's rows; import-undo: take an import back, a batch at a time;
 * message-send: deliver an email to a list (or thank-yous), a batch of recipients at a time;
 * duplicate-scan: find an account's duplicate contacts.
 */
export type JobName = 'import' | 'import-undo' | 'message-send' | 'duplicate-scan';
export type JobPayload = { importId: string } | { sendId: string } | { scanId: string };

/** The id a payload carries under `key` ('' when it carries another kind of id). */
export function payloadId(payload: JobPayload, key: 'importId' | 'sendId' | 'scanId'): string {
  return key in payload ? String((payload as Record<string, string>)[key]) : '';
}

/** What a handler asks for when it could not finish now (e.g. another worker holds the import). */
export type JobOutcome = { retryAfterMs?: number } | void;
export type JobHandler = (payload: JobPayload) => Promise<JobOutcome>;
export type JobHandlers = Record<JobName, JobHandler>;

/** Jobs waiting to run, running, and waiting for a later try (a delay, or a retry's back-off). */
export type JobCounts = { waiting: number; active: number; delayed: number };

export interface JobQueue {
  enqueue(name: JobName, payload: JobPayload, delayMs?: number): Promise<void>;
  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** How many jobs are in each state now (the operator's metrics). */
  counts(): Promise<JobCounts>;
  close(): Promise<void>;
}
