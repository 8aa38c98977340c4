import type { Knex } from 'knex';
import { engineOf } from '../../db/knex';
import type { CampaignRow, ImportRow } from '../../db/rows';
import { toInt } from '../../db/values';
import { scoped } from '../../http/tenancy';
import type { Db } from './queryParts';

export type NewImport = {
  id: string;
  accountId: string;
  campaignId: string;
  donationAccountId: string | null;
  fileName: string;
  importType: string;
  headers: string[];
  mapping: Record<string, string>;
  createdBy: string | null;
  receiving: boolean;
  fingerprint?: string | null;
  duplicatesIncluded?: 'all' | number[] | null;
};

/** Columns of imports a write sets (a counter may be a raw increment). */
export type ImportUpdate = { [K in keyof ImportRow]?: ImportRow[K] | Date | Knex.Raw };

/** The import's own row (made, read, counted, failed) and the campaign and donation account it imports into. */
export function createImportRecordQueries(knex: Knex) {
  return {
    async findCampaign(accountId: string, id: string): Promise<{ status: string; donationAccountId: string | null } | undefined> {
      const row = await scoped(knex, 'campaigns', accountId)
        .where('campaigns.id', id)
        .first<Pick<CampaignRow, 'status' | 'donationAccountId'> | undefined>('campaigns.status', 'campaigns.donationAccountId');
      return row ? { status: row.status, donationAccountId: row.donationAccountId || null } : undefined;
    },

    async findDonationAccount(accountId: string, id: string): Promise<{ campaignId: string | null } | undefined> {
      const row = await scoped(knex, 'donation_accounts', accountId)
        .where('donation_accounts.id', id)
        .first<{ campaignId: string | null } | undefined>('donation_accounts.campaignId');
      return row ? { campaignId: row.campaignId || null } : undefined;
    },

    async findImport(db: Db, accountId: string, id: string, lock = false): Promise<ImportRow | undefined> {
      const query = scoped<ImportRow>(db, 'imports', accountId).where('imports.id', id);
      if (lock && engineOf(db) === 'mysql') query.forUpdate();
      return query.first();
    },

    /** The import a job works on, found by id alone (a job carries no session). */
    async findImportForJob(db: Db, id: string, lock = false): Promise<ImportRow | undefined> {
      const query = db<ImportRow>('imports').where('imports.id', id);
      if (lock && engineOf(db) === 'mysql') query.forUpdate();
      return query.first();
    },

    async insertImport(trx: Knex.Transaction, values: NewImport): Promise<void> {
      const now = new Date();
      await trx('imports').insert({
        id: values.id,
        accountId: values.accountId,
        campaignId: values.campaignId,
        donationAccountId: values.donationAccountId,
        fileName: values.fileName,
        importType: values.importType,
        status: 'processing',
        headers: JSON.stringify(values.headers),
        mapping: JSON.stringify(values.mapping),
        recordsTotal: 0,
        recordsImported: 0,
        recordsSkipped: 0,
        receiving: values.receiving,
        fingerprint: values.fingerprint ?? null,
        duplicatesIncluded: values.duplicatesIncluded ? JSON.stringify(values.duplicatesIncluded) : null,
        lastRowsAt: now,
        createdBy: values.createdBy,
        createdAt: now,
        updatedAt: now,
      });
    },

    async updateImport(db: Db, id: string, values: ImportUpdate): Promise<void> {
      await db('imports')
        .where('id', id)
        .update({ ...values, updatedAt: new Date() });
    },

    async addCounts(
      db: Db,
      id: string,
      counts: { recordsTotal?: number; recordsImported?: number; recordsSkipped?: number; contactsCreated?: number; contactsUpdated?: number },
    ): Promise<void> {
      const update: ImportUpdate & Record<string, unknown> = { updatedAt: new Date() };
      for (const [column, n] of Object.entries(counts)) if (n) update[column] = db.raw('?? + ?', [column, n]);
      await db('imports').where('id', id).update(update);
    },

    /**
     * Fails the imports whose upload stopped: still receiving, with no batch for longer than the
     * timeout (the browser was closed or lost its connection between batches). Retry then imports
     * the rows that arrived; undo takes them back. One account's, or every account's (at start).
     */
    async failStalledUploads(accountId: string | null, cutoff: Date, reason: string): Promise<number> {
      const stalled = (q: Knex.QueryBuilder) =>
        q.where('imports.status', 'processing').where('imports.receiving', true).where('imports.lastRowsAt', '<', cutoff);
      // Found by a plain read, then updated by id: an UPDATE that scanned by status would lock every
      // import in progress (REPEATABLE READ keeps locks on the rows it scans) and wait on their batches.
      const find = stalled(knex('imports').select('imports.id'));
      if (accountId) find.where('imports.accountId', accountId);
      const found: Pick<ImportRow, 'id'>[] = await find;
      const ids = found.map((row) => row.id);
      if (ids.length === 0) return 0;
      return toInt(
        await stalled(knex('imports').whereIn('imports.id', ids)).update({
          status: 'failed',
          receiving: false,
          failureReason: reason,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: new Date(),
        }),
      );
    },
  };
}
