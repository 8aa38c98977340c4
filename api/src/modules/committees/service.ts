import type { Committee, CommitteeElection, CommitteeValues } from '@caucus/contract';
import type { CommitteeRow } from '../../db/rows';
import { toIsoDateTime } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import type { CommitteesRepository, CommitteeWrite } from './repository';

export const COMMITTEE_NOT_FOUND = 'Committee not found';
export const electionInUseMessage = (codes: string[]) =>
  `Donations are designated to ${codes.join(', ')}: redesignate them before removing ${codes.length === 1 ? 'that election' : 'those elections'}`;

export function toCommittee(row: CommitteeRow, elections: CommitteeElection[]): Committee {
  return {
    id: row.id,
    name: row.name,
    committeeType: row.committeeType,
    fecId: row.fecId,
    filingForm: row.filingForm,
    treasurerFirstName: row.treasurerFirstName,
    treasurerLastName: row.treasurerLastName,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    elections,
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

function committeeWrite(values: CommitteeValues): CommitteeWrite {
  const { elections: _elections, ...columns } = values;
  return columns;
}

const byDate = (elections: CommitteeElection[]) => [...elections].sort((x, y) => (x.date === y.date ? x.code.localeCompare(y.code) : x.date < y.date ? -1 : 1));

export function createCommitteesService(repo: CommitteesRepository) {
  async function read(accountId: string, id: string): Promise<Committee> {
    const db = repo.reader();
    const row = await repo.find(db, accountId, id);
    if (!row) throw new NotFound(COMMITTEE_NOT_FOUND);
    return toCommittee(row, await repo.elections(db, accountId, id));
  }

  return {
    async list(accountId: string): Promise<Committee[]> {
      const db = repo.reader();
      const [rows, elections] = await Promise.all([repo.list(db, accountId), repo.electionsByCommittee(db, accountId)]);
      return rows.map((row) => toCommittee(row, elections.get(String(row.id)) ?? []));
    },

    async get(accountId: string, id: string): Promise<Committee> {
      assertIdOr404(id, COMMITTEE_NOT_FOUND);
      return read(accountId, id);
    },

    async create(accountId: string, values: CommitteeValues): Promise<Committee> {
      const id = newId();
      await repo.transaction(async (trx) => {
        await repo.insert(trx, accountId, id, committeeWrite(values));
        await repo.replaceElections(trx, accountId, id, byDate(values.elections));
      });
      return read(accountId, id);
    },

    /** Replaces the committee and its elections; an election donations are designated to stays (409 otherwise). */
    async update(accountId: string, id: string, values: CommitteeValues): Promise<Committee> {
      assertIdOr404(id, COMMITTEE_NOT_FOUND);
      await repo.transaction(async (trx) => {
        if (!(await repo.find(trx, accountId, id, true))) throw new NotFound(COMMITTEE_NOT_FOUND);
        const kept = new Set(values.elections.map((e) => e.code));
        const removedInUse = (await repo.designatedCodes(trx, accountId, id)).filter((code) => !kept.has(code)).sort();
        if (removedInUse.length > 0) throw new Conflict(electionInUseMessage(removedInUse));
        await repo.update(trx, accountId, id, committeeWrite(values));
        await repo.replaceElections(trx, accountId, id, byDate(values.elections));
      });
      return read(accountId, id);
    },
  };
}

export type CommitteesService = ReturnType<typeof createCommitteesService>;
