import type { DonationListener } from '../ledger';
import { createCallLog } from './callLog';
import { createCallTimeContext } from './context';
import { createFollowUps } from './followUps';
import { createNextProspect } from './nextProspect';
import type { CallTimeRepository } from './repository';
import { createSessionFigures } from './sessionFigures';
import { createCallSessions } from './sessions';

// The call-time service: sessions and their figures (sessions.ts, sessionFigures.ts), the caller's
// next prospect (nextProspect.ts), logging a call with its pledge or gift in one transaction
// (callLog.ts, callMoney.ts), and the follow-ups (followUps.ts); one part per job, composed over the
// same deps and reads (context.ts).

export * from './messages';
export type { Actor } from './context';

export function createCallTimeService(repo: CallTimeRepository, onDonationRecorded?: DonationListener, now: () => Date = () => new Date()) {
  const context = createCallTimeContext({ repo, onDonationRecorded, now });
  return {
    ...createCallSessions(context, createSessionFigures(context)),
    ...createNextProspect(context),
    ...createCallLog(context),
    ...createFollowUps(context),
  };
}

export type CallTimeService = ReturnType<typeof createCallTimeService>;
