import type { Knex } from 'knex';
import type { CallSessionProgress } from '@caucus/contract';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { AuditActor } from '../../lib/audit';
import type { DonationListener } from '../ledger';
import { SESSION_NOT_FOUND } from './messages';
import { emptyProgress, progressFrom } from './progress';
import type { CallTimeRepository, SessionListRow } from './repository';

export type Actor = AuditActor & { userId: string };

/** What the call-time service is built from (index.ts wires the app's). */
export type CallTimeDeps = {
  repo: CallTimeRepository;
  /** Told of each gift recorded on a call (the notice emails). */
  onDonationRecorded?: DonationListener;
  now: () => Date;
};

export type CallTimeContext = ReturnType<typeof createCallTimeContext>;

/** The deps, with the reads every part of the service starts from: the session, and how far its call sheet has got. */
export function createCallTimeContext(deps: CallTimeDeps) {
  const { repo } = deps;

  async function sessionOr404(db: Knex | Knex.Transaction, accountId: string, id: string): Promise<SessionListRow> {
    assertIdOr404(id, SESSION_NOT_FOUND);
    const row = await repo.findSession(db, accountId, id);
    if (!row) throw new NotFound(SESSION_NOT_FOUND);
    return row;
  }

  async function progressOf(db: Knex | Knex.Transaction, accountId: string, sessionId: string): Promise<CallSessionProgress> {
    return progressFrom(await repo.progressRows(db, accountId, [sessionId])).get(sessionId) ?? emptyProgress();
  }

  return { ...deps, sessionOr404, progressOf };
}
