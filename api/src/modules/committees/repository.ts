import type { Knex } from 'knex';
import type { CommitteeElection, CommitteeValues } from '@caucus/contract';
import { inTransaction } from '../../db/transaction';
import type { CommitteeElectionRow, CommitteeRow, DonationRow } from '../../db/rows';
import { toIsoDate } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';

type Db = Knex | Knex.Transaction;

/** Committee columns the form writes (elections live in their own table). */
export type CommitteeWrite = Omit<CommitteeValues, 'elections'>;

/** A committee's elections, sorted by date (then code). Exported: designations and limits read them. */
export async function committeeElections(db: Db, accountId: string, committeeId: string): Promise<CommitteeElection[]> {
  const rows: Pick<CommitteeElectionRow, 'code' | 'electionDate'>[] = await scoped(db, 'committee_elections', accountId)
    .where('committee_elections.committeeId', committeeId)
    .orderBy([
      { column: 'committee_elections.electionDate', order: 'asc' },
      { column: 'committee_elections.code', order: 'asc' },
    ])
    .select('committee_elections.code', 'committee_elections.electionDate');
  return rows.map((row) => ({ code: row.code, date: toIsoDate(row.electionDate) as string }));
}

export function createCommitteesRepository(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    reader(): Knex {
      return knex;
    },

    async list(db: Db, accountId: string): Promise<CommitteeRow[]> {
      return scoped<CommitteeRow>(db, 'committees', accountId).orderBy([
        { column: 'committees.name', order: 'asc' },
        { column: 'committees.id', order: 'asc' },
      ]);
    },

    async find(db: Db, accountId: string, id: string, forUpdate = false): Promise<CommitteeRow | undefined> {
      const query = scoped<CommitteeRow>(db, 'committees', accountId).where('committees.id', id);
      if (forUpdate) query.forUpdate();
      return query.first();
    },

    /** Every election of the account's committees, one query for a whole list. */
    async electionsByCommittee(db: Db, accountId: string): Promise<Map<string, CommitteeElection[]>> {
      const rows = await scoped<CommitteeElectionRow>(db, 'committee_elections', accountId).orderBy([
        { column: 'committee_elections.electionDate', order: 'asc' },
        { column: 'committee_elections.code', order: 'asc' },
      ]);
      const byCommittee = new Map<string, CommitteeElection[]>();
      for (const row of rows) {
        const list = byCommittee.get(row.committeeId) ?? [];
        list.push({ code: row.code, date: toIsoDate(row.electionDate) as string });
        byCommittee.set(row.committeeId, list);
      }
      return byCommittee;
    },

    elections: committeeElections,

    async insert(db: Db, accountId: string, id: string, values: CommitteeWrite): Promise<void> {
      const now = new Date();
      await db('committees').insert({ ...values, id, accountId, createdAt: now, updatedAt: now });
    },

    async update(db: Db, accountId: string, id: string, values: CommitteeWrite): Promise<void> {
      await scoped(db, 'committees', accountId)
        .where('committees.id', id)
        .update({ ...values, updatedAt: new Date() });
    },

    /** Old rows deleted by primary key, then the new ones inserted (ADR 0002: no ranged delete). */
    async replaceElections(db: Db, accountId: string, committeeId: string, elections: CommitteeElection[]): Promise<void> {
      const old: Pick<CommitteeElectionRow, 'id'>[] = await scoped(db, 'committee_elections', accountId)
        .where('committee_elections.committeeId', committeeId)
        .select('committee_elections.id');
      const ids = old.map((row) => row.id);
      if (ids.length > 0) await scoped(db, 'committee_elections', accountId).whereIn('committee_elections.id', ids).delete();
      if (elections.length === 0) return;
      const now = new Date();
      await db('committee_elections').insert(
        elections.map((e) => ({ id: newId(), accountId, committeeId, code: e.code, electionDate: e.date, createdAt: now, updatedAt: now })),
      );
    },

    /** Election codes of the committee that donations are designated to (those cannot be removed). */
    async designatedCodes(db: Db, accountId: string, committeeId: string): Promise<string[]> {
      const rows: { electionCode: NonNullable<DonationRow['electionCode']> }[] = await scoped(db, 'donations', accountId)
        .join('campaigns', function joinCampaign() {
          this.on('campaigns.id', '=', 'donations.campaignId').andOn('campaigns.accountId', '=', 'donations.accountId');
        })
        .where('campaigns.committeeId', committeeId)
        .whereNotNull('donations.electionCode')
        .distinct('donations.electionCode');
      return rows.map((row) => row.electionCode);
    },
  };
}

export type CommitteesRepository = ReturnType<typeof createCommitteesRepository>;
