import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { engineOf } from '../../db/knex';
import type { AccountRow, ContactListMemberRow, ContactListRow, ContactRow } from '../../db/rows';
import { fromJsonText, toJsonArray, toMoney } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { countOf } from '../../db/wordSearch';
import { applyWordSearch } from '../../db/wordSearch';
import { compileRules, type RuleContext, type SqlCondition } from './rules';
import { DEFAULT_MAJOR_GIFT_THRESHOLD, type ListRule } from '@caucus/contract';

type Db = Knex | Knex.Transaction;
/** COUNT comes back as a number, text or a bigint depending on the engine: read it with countOf. */
type CountRow = { count: unknown };
/** A list with its creator's name (null once the user is gone) and its members counted now. */
export type ContactListDetailsRow = ContactListRow & { creatorFirstName: string | null; creatorLastName: string | null; liveMemberCount: unknown };
/** A contact as the member table, the modal and the preview sample show it. */
export type ListContactRow = Pick<ContactRow, 'id' | 'firstName' | 'lastName' | 'organization' | 'primaryEmail' | 'city' | 'state' | 'status' | 'totalDonated'>;
/** How a contact joined a list. */
export type MembershipRow = Pick<ContactListMemberRow, 'source' | 'addedAt' | 'notes'>;

export type ListFilter = { limit: number; offset: number; search?: string; type?: string; isActive?: boolean };
export type ListWrite = { name: string; description: string | null; type: string; tags: string; rules: string; isActive: boolean };
export type MemberWrite = { listId: string; contactId: string; source: string; notes: string | null; addedBy: string | null };

/** Columns of a contact that the member table, the modal and the preview sample show. */
const CONTACT_COLUMNS = [
  'contacts.id',
  'contacts.firstName',
  'contacts.lastName',
  'contacts.organization',
  'contacts.primaryEmail',
  'contacts.city',
  'contacts.state',
  'contacts.status',
  'contacts.totalDonated',
];
const CONTACT_SEARCH = ['contacts.firstName', 'contacts.lastName', 'contacts.organization', 'contacts.primaryEmail'];
const CONTACT_ORDER = [
  { column: 'contacts.lastName', order: 'asc' as const },
  { column: 'contacts.firstName', order: 'asc' as const },
  { column: 'contacts.id', order: 'asc' as const },
];

// Prepared statements hold at most 65,535 placeholders: member rows go in batches well below that.
const MEMBER_BATCH = 5000;
const DELETE_BATCH = 5000;

export function createContactListsRepository(knex: Knex) {
  function filtered(accountId: string, filter: Omit<ListFilter, 'limit' | 'offset'>) {
    const query = scoped(knex, 'contact_lists', accountId);
    if (filter.type) query.where('contact_lists.type', filter.type);
    if (filter.isActive !== undefined) query.where('contact_lists.isActive', filter.isActive);
    applyWordSearch(query, ['contact_lists.name', 'contact_lists.description'], filter.search);
    return query;
  }

  /** With the creator's name and a live member count (rows cascade away with their contacts). */
  function withDetails(db: Db, query: Knex.QueryBuilder) {
    return query
      .leftJoin('users as creator', 'creator.id', 'contact_lists.createdBy')
      .select(
        'contact_lists.*',
        'creator.firstName as creatorFirstName',
        'creator.lastName as creatorLastName',
        db.raw('(select count(*) from contact_list_members lm where lm.list_id = ??) as ??', ['contact_lists.id', 'liveMemberCount']),
      );
  }

  function matching(db: Db, accountId: string, condition: SqlCondition) {
    return scoped(db, 'contacts', accountId).whereRaw(condition.sql, condition.bindings);
  }

  return {
    knex,

    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    async list(accountId: string, filter: ListFilter): Promise<{ rows: ContactListDetailsRow[]; total: number }> {
      const [rows, totalRow]: [ContactListDetailsRow[], CountRow | undefined] = await Promise.all([
        withDetails(knex, filtered(accountId, filter))
          .orderBy([
            { column: 'contact_lists.createdAt', order: 'desc' },
            { column: 'contact_lists.id', order: 'desc' },
          ])
          .limit(filter.limit)
          .offset(filter.offset),
        filtered(accountId, filter).count({ count: '*' }).first<CountRow | undefined>(),
      ]);
      return { rows, total: countOf(totalRow) };
    },

    async findById(accountId: string, id: string, db: Db = knex): Promise<ContactListDetailsRow | undefined> {
      return withDetails(db, scoped(db, 'contact_lists', accountId).where('contact_lists.id', id)).first<ContactListDetailsRow | undefined>();
    },

    /** The list row locked for the rest of the transaction (MariaDB), so two refreshes queue. */
    async lockList(trx: Knex.Transaction, accountId: string, id: string): Promise<ContactListRow | undefined> {
      const query = scoped<ContactListRow>(trx, 'contact_lists', accountId).where('contact_lists.id', id);
      if (engineOf(trx) === 'mysql') query.forUpdate();
      return query.first();
    },

    async insertList(db: Db, row: ListWrite & { id: string; accountId: string; createdBy: string | null }): Promise<void> {
      const now = new Date();
      await db('contact_lists').insert({ ...row, memberCount: 0, createdAt: now, updatedAt: now });
    },

    async updateList(db: Db, accountId: string, id: string, row: Partial<ListWrite> & { rulesAppliedAt?: Date | null; memberCount?: number }): Promise<void> {
      await scoped(db, 'contact_lists', accountId)
        .where('contact_lists.id', id)
        .update({ ...row, updatedAt: new Date() });
    },

    async deleteList(db: Db, accountId: string, id: string): Promise<number> {
      return scoped(db, 'contact_lists', accountId).where('contact_lists.id', id).del();
    },

    /**
     * Other lists of the account whose stored rules mention this id (a cheap text match; the caller
     * reads the rules to be sure), with their names.
     */
    async listsMentioning(db: Db, accountId: string, id: string): Promise<Pick<ContactListRow, 'id' | 'name' | 'rules'>[]> {
      return scoped(db, 'contact_lists', accountId)
        .whereNot('contact_lists.id', id)
        .where('contact_lists.rules', 'like', `%${id.toLowerCase()}%`)
        .orderBy('contact_lists.name')
        .select('contact_lists.id', 'contact_lists.name', 'contact_lists.rules');
    },

    async settings(accountId: string): Promise<Pick<AccountRow, 'majorGiftThreshold'> | undefined> {
      return knex<AccountRow>('accounts').where('accounts.id', accountId).first('majorGiftThreshold');
    },

    async updateSettings(accountId: string, settings: { majorGiftThreshold: number }): Promise<void> {
      await knex('accounts').where('accounts.id', accountId).update({ majorGiftThreshold: settings.majorGiftThreshold, updatedAt: new Date() });
    },

    async ruleContext(accountId: string, db: Db = knex): Promise<RuleContext> {
      const row = await db<AccountRow>('accounts').where('accounts.id', accountId).first('majorGiftThreshold', 'timezone');
      return { accountId, majorGiftThreshold: toMoney(row?.majorGiftThreshold ?? DEFAULT_MAJOR_GIFT_THRESHOLD), timeZone: row?.timezone || 'UTC' };
    },

    /** Which of these list ids are lists of the account. */
    async existingListIds(db: Db, accountId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const query = scoped(db, 'contact_lists', accountId).whereIn('contact_lists.id', ids);
      // Inside a save, a shared lock keeps a concurrent delete of a named list waiting until the save
      // commits, so the delete then sees the rule that names it.
      if (engineOf(db) === 'mysql' && db.isTransaction) query.forShare();
      const rows: Pick<ContactListRow, 'id'>[] = await query.select('contact_lists.id');
      return new Set(rows.map((row) => row.id));
    },

    /** Which of these contact ids are contacts of the account. */
    async existingContactIds(db: Db, accountId: string, ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += DELETE_BATCH) {
        const rows: Pick<ContactRow, 'id'>[] = await scoped(db, 'contacts', accountId)
          .whereIn('contacts.id', ids.slice(i, i + DELETE_BATCH))
          .select('contacts.id');
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    async countMatching(accountId: string, rules: ListRule[], context: RuleContext): Promise<number> {
      const condition = compileRules(rules, engineOf(knex), context);
      return countOf(await matching(knex, accountId, condition).count({ count: '*' }).first());
    },

    async sampleMatching(accountId: string, rules: ListRule[], context: RuleContext, limit: number): Promise<ListContactRow[]> {
      const condition = compileRules(rules, engineOf(knex), context);
      // Any few matches will do: an ORDER BY would make the database find and sort every match first,
      // doubling the cost of the live count it runs beside.
      return matching(knex, accountId, condition).select<ListContactRow[]>(CONTACT_COLUMNS).limit(limit);
    },

    async matchingContactIds(db: Db, accountId: string, rules: ListRule[], context: RuleContext): Promise<string[]> {
      const condition = compileRules(rules, engineOf(db), context);
      return (await matching(db, accountId, condition).pluck('contacts.id')).map(String);
    },

    /** Each member's contact id and how it joined. */
    async memberSources(db: Db, listId: string): Promise<Map<string, string>> {
      const rows: Pick<ContactListMemberRow, 'contactId' | 'source'>[] = await db('contact_list_members')
        .where('contact_list_members.listId', listId)
        .select('contact_list_members.contactId', 'contact_list_members.source');
      return new Map(rows.map((row) => [row.contactId, row.source]));
    },

    async insertMembers(db: Db, accountId: string, members: MemberWrite[], newId: () => string): Promise<void> {
      const addedAt = new Date();
      // One plain multi-row INSERT per batch: at 50,000 members knex's per-row object handling cost
      // about a third of the whole write (bench/lists.bench.js), more than the database's own work.
      for (let i = 0; i < members.length; i += MEMBER_BATCH) {
        const batch = members.slice(i, i + MEMBER_BATCH);
        const bindings = batch.flatMap((member) => [newId(), accountId, member.listId, member.contactId, member.source, member.notes, member.addedBy, addedAt]);
        await db.raw(
          `insert into contact_list_members (id, account_id, list_id, contact_id, source, notes, added_by, added_at) values ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
          bindings,
        );
      }
    },

    async deleteMembers(db: Db, listId: string, contactIds: string[], source?: string): Promise<number> {
      let removed = 0;
      for (let i = 0; i < contactIds.length; i += DELETE_BATCH) {
        const query = db('contact_list_members')
          .where('contact_list_members.listId', listId)
          .whereIn('contact_list_members.contactId', contactIds.slice(i, i + DELETE_BATCH));
        if (source) query.where('contact_list_members.source', source);
        removed += await query.del();
      }
      return removed;
    },

    async countMembers(db: Db, listId: string): Promise<number> {
      return countOf(await db('contact_list_members').where('contact_list_members.listId', listId).count({ count: '*' }).first());
    },

    async memberPage(
      accountId: string,
      listId: string,
      filter: { limit: number; offset: number; search?: string },
    ): Promise<{ rows: (ListContactRow & MembershipRow)[]; total: number }> {
      const base = () => {
        const query = scoped(knex, 'contacts', accountId).join('contact_list_members as lm', 'lm.contactId', 'contacts.id').where('lm.listId', listId);
        applyWordSearch(query, CONTACT_SEARCH, filter.search);
        return query;
      };
      const [rows, totalRow]: [(ListContactRow & MembershipRow)[], CountRow | undefined] = await Promise.all([
        base()
          .select(...CONTACT_COLUMNS, 'lm.source', 'lm.addedAt', 'lm.notes')
          .orderBy(CONTACT_ORDER)
          .limit(filter.limit)
          .offset(filter.offset),
        base().count({ count: '*' }).first<CountRow | undefined>(),
      ]);
      return { rows, total: countOf(totalRow) };
    },

    async sourceCounts(listId: string): Promise<Map<string, number>> {
      const rows: (Pick<ContactListMemberRow, 'source'> & CountRow)[] = await knex('contact_list_members')
        .where('contact_list_members.listId', listId)
        .groupBy('contact_list_members.source')
        .select('contact_list_members.source')
        .count({ count: '*' });
      return new Map(rows.map((row) => [row.source, countOf(row)]));
    },

    /** Contacts of the account that are not members of the list, for the Add Contacts modal. */
    async availableContacts(accountId: string, listId: string, filter: { search?: string; limit: number }): Promise<ListContactRow[]> {
      const query = scoped(knex, 'contacts', accountId).whereNotExists(function notMember() {
        this.select(knex.raw('1')).from('contact_list_members as lm').where('lm.listId', listId).whereRaw('?? = ??', ['lm.contactId', 'contacts.id']);
      });
      applyWordSearch(query, CONTACT_SEARCH, filter.search);
      return query.select<ListContactRow[]>(CONTACT_COLUMNS).orderBy(CONTACT_ORDER).limit(filter.limit);
    },

    async contactRow(accountId: string, contactId: string): Promise<ContactRow | undefined> {
      return scoped<ContactRow>(knex, 'contacts', accountId).where('contacts.id', contactId).first();
    },

    async listIdsOfContact(contactId: string): Promise<string[]> {
      return (await knex('contact_list_members').where('contact_list_members.contactId', contactId).pluck('contact_list_members.listId')).map(String);
    },

    async membership(listId: string, contactId: string): Promise<MembershipRow | undefined> {
      return knex('contact_list_members')
        .where({ 'contact_list_members.listId': listId, 'contact_list_members.contactId': contactId })
        .first('contact_list_members.source', 'contact_list_members.addedAt', 'contact_list_members.notes');
    },

    /** The account's active smart lists with their rules, in id order. */
    async smartListsForSync(db: Db, accountId: string): Promise<{ id: string; rules: ListRule[] }[]> {
      const rows: Pick<ContactListRow, 'id' | 'rules'>[] = await scoped(db, 'contact_lists', accountId)
        .where({ 'contact_lists.type': 'smart', 'contact_lists.isActive': true })
        .orderBy('contact_lists.id')
        .select('contact_lists.id', 'contact_lists.rules');
      return rows.map((row) => ({ id: row.id, rules: toJsonArray<ListRule>(fromJsonText(row.rules)) }));
    },

    /**
     * Moves a list's stored member count by `delta` in one atomic UPDATE. It also takes the list's row
     * lock before its members change, the lock a Refresh holds (lockList): the two queue rather than
     * both insert the same member.
     */
    async adjustMemberCount(db: Db, accountId: string, listId: string, delta: number): Promise<void> {
      await scoped(db, 'contact_lists', accountId)
        .where('contact_lists.id', listId)
        .update({ memberCount: db.raw('?? + ?', ['contact_lists.memberCount', delta]) });
    },

    /** Which of these contacts (at most a few thousand) the rules match: the rule's condition and a primary-key IN. */
    async matchingAmong(db: Db, accountId: string, rules: ListRule[], context: RuleContext, contactIds: string[]): Promise<string[]> {
      const engine = engineOf(db);
      const condition = compileRules(rules, engine, context, { fewContacts: true });
      // Found by primary key, then tested: without statistics the planners would rather walk an
      // (account_id, ...) index through the whole account, 100,000 rows, for a handful of contacts.
      // MariaDB is told the index; SQLite's '+' keeps account_id's indexes out of the choice.
      const query: Knex.QueryBuilder =
        engine === 'mysql'
          ? db('contacts')
              .from(db.raw('?? force index (??)', ['contacts', 'PRIMARY']))
              .where('contacts.accountId', accountId)
          : db('contacts').whereRaw('+?? = ?', ['contacts.accountId', accountId]);
      return (await query.whereIn('contacts.id', contactIds).whereRaw(condition.sql, condition.bindings).pluck('contacts.id')).map(String);
    },

    /** The list's member rows of these contacts (at most a few thousand). */
    async membersAmong(db: Db, listId: string, contactIds: string[]): Promise<{ id: string; contactId: string; source: string }[]> {
      const rows: Pick<ContactListMemberRow, 'id' | 'contactId' | 'source'>[] = await db('contact_list_members')
        .where('contact_list_members.listId', listId)
        .whereIn('contact_list_members.contactId', contactIds)
        .select('contact_list_members.id', 'contact_list_members.contactId', 'contact_list_members.source');
      return rows.map((row) => ({ id: row.id, contactId: row.contactId, source: row.source }));
    },

    /** How many of these contacts each list holds (any list, any source). */
    async listsHolding(db: Db, contactIds: string[]): Promise<Map<string, number>> {
      const rows: (Pick<ContactListMemberRow, 'listId'> & CountRow)[] = await db('contact_list_members')
        .whereIn('contact_list_members.contactId', contactIds)
        .groupBy('contact_list_members.listId')
        .orderBy('contact_list_members.listId')
        .select('contact_list_members.listId')
        .count({ count: '*' });
      return new Map(rows.map((row) => [row.listId, countOf(row)]));
    },

    /** Deletes member rows by primary key: a range delete would lock index gaps other writers insert into. */
    async deleteMemberRows(db: Db, ids: string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += DELETE_BATCH) {
        await db('contact_list_members')
          .whereIn('contact_list_members.id', ids.slice(i, i + DELETE_BATCH))
          .del();
      }
    },

    async activeSmartListIds(accountId: string): Promise<string[]> {
      return (
        await scoped(knex, 'contact_lists', accountId).where({ 'contact_lists.type': 'smart', 'contact_lists.isActive': true }).pluck('contact_lists.id')
      ).map(String);
    },
  };
}

export type ContactListsRepository = ReturnType<typeof createContactListsRepository>;
