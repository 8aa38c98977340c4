import type { Knex } from 'knex';
import { scoped } from '../../http/tenancy';
import { applyWordSearch, countOf } from '../shared/search';

export type ListFilter = { limit: number; offset: number; search?: string; type?: string; isActive?: boolean };

export function createContactListsRepository(knex: Knex) {
  function filtered(accountId: string, filter: Omit<ListFilter, 'limit' | 'offset'>) {
    const query = scoped(knex, 'contact_lists', accountId);
    if (filter.type) query.where('contact_lists.type', filter.type);
    if (filter.isActive !== undefined) query.where('contact_lists.isActive', filter.isActive);
    applyWordSearch(query, ['contact_lists.name', 'contact_lists.description'], filter.search);
    return query;
  }

  function withCreator(query: Knex.QueryBuilder) {
    return query
      .leftJoin('users as creator', 'creator.id', 'contact_lists.createdBy')
      .select('contact_lists.*', 'creator.firstName as creatorFirstName', 'creator.lastName as creatorLastName');
  }

  return {
    async list(accountId: string, filter: ListFilter): Promise<{ rows: Record<string, unknown>[]; total: number }> {
      const [rows, totalRow] = await Promise.all([
        withCreator(filtered(accountId, filter))
          .orderBy([
            { column: 'contact_lists.createdAt', order: 'desc' },
            { column: 'contact_lists.id', order: 'desc' },
          ])
          .limit(filter.limit)
          .offset(filter.offset),
        filtered(accountId, filter).count({ count: '*' }).first(),
      ]);
      return { rows: rows as Record<string, unknown>[], total: countOf(totalRow) };
    },

    async findById(accountId: string, id: string): Promise<Record<string, unknown> | undefined> {
      return withCreator(scoped(knex, 'contact_lists', accountId).where('contact_lists.id', id)).first();
    },

    /** Rules of the given lists, in order, grouped by list id. */
    async rulesFor(accountId: string, listIds: string[]): Promise<Map<string, Record<string, unknown>[]>> {
      const grouped = new Map<string, Record<string, unknown>[]>();
      if (listIds.length === 0) return grouped;
      const rows: Record<string, unknown>[] = await scoped(knex, 'contact_list_rules', accountId)
        .whereIn('contact_list_rules.listId', listIds)
        .select('listId', 'field', 'operator', 'value', 'logic', 'position')
        .orderBy([
          { column: 'contact_list_rules.listId', order: 'asc' },
          { column: 'contact_list_rules.position', order: 'asc' },
        ]);
      for (const row of rows) {
        const key = String(row.listId);
        const bucket = grouped.get(key) ?? [];
        bucket.push(row);
        grouped.set(key, bucket);
      }
      return grouped;
    },
  };
}

export type ContactListsRepository = ReturnType<typeof createContactListsRepository>;
