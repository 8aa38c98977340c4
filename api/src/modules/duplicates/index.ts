import type { Knex } from 'knex';
import type { JobHandlers } from '../../jobs';
import { payloadId, type JobQueue } from '../../jobs/types';
import { createDuplicatesRepository } from './repository';
import { duplicatesRoutes, mergeRoutes, mergedContactRoutes, type ContactReader } from './routes';
import { createDuplicatesService, type DuplicatesService } from './service';

export { duplicatesApi } from './openapi';
export type { DuplicatesService } from './service';

/** The duplicate queue's service on the app's job queue (read lazily: the queue is built after it). */
export function duplicatesModule(knex: Knex, queue: () => JobQueue | null) {
  const repo = createDuplicatesRepository(knex);
  const service = createDuplicatesService(repo, queue);
  const get = (): DuplicatesService => service;
  const jobHandlers: Pick<JobHandlers, 'duplicate-scan'> = { 'duplicate-scan': (payload) => service.runScan(payloadId(payload, 'scanId')) };
  return {
    service: get,
    jobHandlers,
    routes: () => duplicatesRoutes(get()),
    mergeRoutes: () => mergeRoutes(knex),
    redirect: (contacts: ContactReader) => mergedContactRoutes(knex, contacts),
    repo,
  };
}

const DAY_MS = 86_400_000;

/**
 * Nightly: a scan of every account with contacts, at 03:00 UTC (people edited during the day, contacts
 * added by the form). Returns the timer's stop.
 */
export function scheduleNightlyScans(
  service: () => DuplicatesService,
  accounts: () => Promise<string[]>,
  onError: (err: unknown) => void,
  hourUtc = 3,
): () => void {
  let timer: NodeJS.Timeout;
  const next = () => {
    const now = new Date();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
    if (at.getTime() <= now.getTime()) at.setTime(at.getTime() + DAY_MS);
    timer = setTimeout(run, at.getTime() - now.getTime());
    timer.unref();
  };
  const run = () => {
    accounts()
      .then(async (ids) => {
        for (const id of ids) await service().startScan(id);
      })
      .catch(onError)
      .finally(next);
  };
  next();
  return () => clearTimeout(timer);
}
