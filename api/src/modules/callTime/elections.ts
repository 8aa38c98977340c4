import type { Knex } from 'knex';
import { defaultElectionCode, type ProspectElection } from '@caucus/contract';
import { committeeElections } from '../committees/repository';
import { aggregateCents, committeeOfCampaign, limitCents } from '../compliance/designation';
import { fromCents } from '../compliance/limitEngine';

type Db = Knex | Knex.Transaction;

export type ElectionRoom = { elections: ProspectElection[]; current: ProspectElection | null };

/**
 * What a contributor has given to each election of the campaign's committee and may still give
 * under the limit, from the compliance limit engine: the same aggregate and limit the excess flags
 * use, so the call sheet never disagrees with the compliance screens.
 */
export async function electionRoom(db: Db, accountId: string, contactId: string, campaignId: string | null, today: string): Promise<ElectionRoom> {
  const committeeId = await committeeOfCampaign(db, accountId, campaignId);
  if (!committeeId) return { elections: [], current: null };
  const list = await committeeElections(db, accountId, committeeId);
  const elections: ProspectElection[] = [];
  for (const election of list) {
    const aggregate = await aggregateCents(db, accountId, { contactId, committeeId, electionCode: election.code });
    const limit = await limitCents(db, accountId, contactId, election.code);
    elections.push({
      electionCode: election.code,
      electionDate: election.date,
      aggregate: fromCents(aggregate),
      limit: fromCents(limit),
      remaining: fromCents(Math.max(0, limit - aggregate)),
    });
  }
  const currentCode = defaultElectionCode(list, today);
  return { elections, current: elections.find((e) => e.electionCode === currentCode) ?? null };
}
