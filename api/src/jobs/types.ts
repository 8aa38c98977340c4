// One job interface for long work (DESIGN: imports, smart-list refresh after imports): in-process by
// default, BullMQ on Redis when REDIS_URL is set. Handlers are idempotent and resumable, so running a
// job twice, or again after a crash, is always safe.

/** import: work an import's rows; import-undo: take an import back, a batch at a time; duplicate-scan: find an account's duplicate contacts. */
export type JobName = 'import' | 'import-undo' | 'duplicate-scan';
export type JobPayload = { importId: string } | { scanId: string };

/** The import a job works on ('' for a payload of another job). */
export const importIdOf = (payload: JobPayload): string => ('importId' in payload ? payload.importId : '');
/** The duplicate scan a job runs ('' for a payload of another job). */
export const scanIdOf = (payload: JobPayload): string => ('scanId' in payload ? payload.scanId : '');

/** What a handler asks for when it could not finish now (e.g. another worker holds the import). */
export type JobOutcome = { retryAfterMs?: number } | void;
export type JobHandler = (payload: JobPayload) => Promise<JobOutcome>;
export type JobHandlers = Record<JobName, JobHandler>;

export interface JobQueue {
  enqueue(name: JobName, payload: JobPayload, delayMs?: number): Promise<void>;
  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}
