import type { Committee, CommitteeElection, CommitteeValues, FilingForm } from '@caucus/contract';
import { toIsoDateTime, type DbDateTime } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import type { CommitteesRepository, CommitteeWrite } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export const COMMITTEE_NOT_FOUND = 'Committee not found';
export const electionInUseMessage = (codes: string[]) =>
  `Donations are designated to ${codes.join(', ')}: redesignate them before removing ${codes.length === 1 ? 'that election' : 'those elections'}`;

export function toCommittee(row: Row, elections: CommitteeElection[]): Committee {
  return {
    id: String(row.id),
    name: String(row.name),
    committeeType: String(row.committeeType),
    fecId: str(row.fecId),
    filingForm: str(row.filingForm) as FilingForm | null,
    treasurerFirstName: str(row.treasurerFirstName),
    treasurerLastName: str(row.treasurerLastName),
    street1: str(row.street1),
    street2: str(row.street2),
    city: str(row.city),
    state: str(row.state),
    zip: str(row.zip),
    elections,
    createdAt: toIsoDateTime(row.createdAt as DbDateTime),
    updatedAt: toIsoDateTime(row.updatedAt as DbDateTime),
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
