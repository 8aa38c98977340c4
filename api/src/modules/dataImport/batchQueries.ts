import type { Knex } from 'knex';
import { insertInBatches } from '../../db/batch';
import { engineOf } from '../../db/knex';
import type { CampaignRow, ContactRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import { inLists, type Db } from './queryParts';

/**
 * What a batch reads and writes in its transaction (batch/): the contacts and campaigns it locks,
 * the gifts it must not import twice, and the rows it inserts and updates.
 */
export const batchQueries = {
  async existingTransactionIds(db: Db, accountId: string, ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of inLists([...new Set(ids)])) {
      const rows = await scoped(db, 'donations', accountId)
        .whereIn('donations.transactionId', part)
        .select<{ transactionId: string }[]>('donations.transactionId as transactionId');
      for (const row of rows) found.add(row.transactionId);
    }
    return found;
  },

  async contactsByIds(db: Db, accountId: string, ids: string[]): Promise<Map<string, ContactRow>> {
    const found = new Map<string, ContactRow>();
    for (const part of inLists([...new Set(ids)])) {
      const rows = await scoped<ContactRow>(db, 'contacts', accountId).whereIn('contacts.id', part).select('contacts.*');
      for (const row of rows) found.set(row.id, row);
    }
    return found;
  },

  /**
   * Locks the contacts (ADR 0002: contacts first, in id order) and answers them as they are now: a
   * locking read sees the latest committed row, whatever the transaction read before. Contacts
   * deleted meanwhile are missing from the answer.
   */
  async lockContacts(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<Map<string, ContactRow>> {
    const found = new Map<string, ContactRow>();
    const mysql = engineOf(trx) === 'mysql';
    for (const part of inLists([...new Set(ids)].sort())) {
      const query = scoped<ContactRow>(trx, 'contacts', accountId).whereIn('contacts.id', part).orderBy('contacts.id').select('contacts.*');
      if (mysql) query.forUpdate();
      for (const row of await query) found.set(row.id, row);
    }
    return found;
  },

  /** Locks campaign rows (after the contacts, in id order) and answers their current amount raised. */
  async lockCampaigns(trx: Knex.Transaction, accountId: string, ids: string[]): Promise<Map<string, number>> {
    const raised = new Map<string, number>();
    if (ids.length === 0) return raised;
    const query = scoped(trx, 'campaigns', accountId)
      .whereIn('campaigns.id', [...new Set(ids)])
      .orderBy('campaigns.id')
      .select<Pick<CampaignRow, 'id' | 'amountRaised'>[]>('campaigns.id', 'campaigns.amountRaised');
    if (engineOf(trx) === 'mysql') query.forUpdate();
    for (const row of await query) raised.set(row.id, Number(row.amountRaised ?? 0));
    return raised;
  },

  /** Of the given contacts, those that already count toward the campaign's contacts reached (a donation or pledge to it). */
  async contactsReached(trx: Knex.Transaction, accountId: string, campaignId: string, ids: string[]): Promise<Set<string>> {
    const reached = new Set<string>();
    for (const part of inLists([...new Set(ids)])) {
      for (const table of ['donations', 'pledges']) {
        const rows: { contactId: string }[] = await scoped(trx, table, accountId)
          .where(`${table}.campaignId`, campaignId)
          .whereIn(`${table}.contactId`, part)
          .distinct(`${table}.contactId as contactId`);
        for (const row of rows) reached.add(row.contactId);
      }
    }
    return reached;
  },

  async insert(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
    await insertInBatches(trx, table, rows);
  },

  async updateContact(trx: Knex.Transaction, accountId: string, id: string, values: Record<string, unknown>): Promise<void> {
    // By the primary key, named on MariaDB: an UPDATE locks every row it reads, and the planner may
    // read the account's index for `account_id = ? and id = ?`, locking contacts that users' gifts
    // hold while they wait for the account's figures this batch may hold (ledger/figures.ts).
    const contacts = engineOf(trx) === 'mysql' ? trx.raw('?? force index (primary)', ['contacts']) : 'contacts';
    await trx(contacts)
      .where('contacts.accountId', accountId)
      .where('contacts.id', id)
      .update({ ...values, updatedAt: new Date() });
  },
};
