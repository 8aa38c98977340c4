import type { CallSessionProgress } from '@caucus/contract';
import { toBool } from '../../db/values';
import type { ProspectCountRow } from './repository';

/** A call sheet with no one on it (or a session without calls yet). */
export const emptyProgress = (): CallSessionProgress => ({ total: 0, done: 0, pending: 0, inProgress: 0, skipped: 0 });

/** Each session's call sheet counted by where its prospects stand (a contact who asked not to be called counts as skipped). */
export function progressFrom(rows: ProspectCountRow[]): Map<string, CallSessionProgress> {
  const bySession = new Map<string, CallSessionProgress>();
  for (const row of rows) {
    const id = row.sessionId;
    const progress = bySession.get(id) ?? emptyProgress();
    const n = Number(row.n);
    const status = row.status;
    progress.total += n;
    if (status === 'done') progress.done += n;
    else if (status === 'skipped' || toBool(row.doNotCall)) progress.skipped += n;
    else if (status === 'claimed') progress.inProgress += n;
    else progress.pending += n;
    bySession.set(id, progress);
  }
  return bySession;
}
