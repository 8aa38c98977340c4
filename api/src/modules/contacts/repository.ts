import type { Knex } from 'knex';
import { CONTACT_OWN_FIELDS, CONTACT_SEARCH_TOTAL_CAP } from '@caucus/contract';
import type {
  ContactAddressRow,
  ContactAssociationRow,
  ContactDocumentRow,
  ContactEducationRow,
  ContactEmailAddressRow,
  ContactEmploymentRow,
  ContactNoteRow,
  ContactPhoneNumberRow,
  ContactRow as ContactTableRow,
} from '../../db/rows';
import { compiledQuery } from '../../db/compiledQuery';
import { inTransaction } from '../../db/transaction';
import { toBool, toIsoDate, toJsonArray } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { engineOf } from '../../db/knex';
import { applyWordSearch, countOf } from '../../db/wordSearch';
import { createMysqlContactSearch } from './mysqlSearch';

/** The same words applyWordSearch uses. */
function searchWords(search: string | undefined): string[] {
  return search ? search.split(/\s+/).filter(Boolean).slice(0, 8) : [];
}

export type ContactFilter = {
  limit: number;
  offset: number;
  search?: string;
  status?: string;
};

const SEARCH_COLUMNS = ['contacts.firstName', 'contacts.lastName', 'contacts.organization', 'contacts.primaryEmail', 'contacts.primaryPhone'];

/** A contact merged into another (duplicates/merge.ts): kept for its old links, out of the list. */
export const MERGED_STATUS = 'merged';

const CONTACT_COLUMN_NAMES = [
  'id',
  ...CONTACT_OWN_FIELDS,
  'tags',
  'status',
  'totalDonated',
  'isVolunteer',
  'isBoardMember',
  'profileImageKey',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ContactTableRow)[];

export const CONTACT_COLUMNS = CONTACT_COLUMN_NAMES.map((column) => `contacts.${column}`);

/** A contact as lists and the detail header read it: the CONTACT_COLUMNS of its row. */
export type ContactRow = Pick<ContactTableRow, (typeof CONTACT_COLUMN_NAMES)[number]>;

/** Child tables of a contact shown on the detail page, oldest first by their own order. */
const CHILD_TABLES = {
  phoneNumbers: 'contact_phone_numbers',
  emailAddresses: 'contact_email_addresses',
  addresses: 'contact_addresses',
  education: 'contact_education',
  employment: 'contact_employment',
} as const;

export type ContactChildKey = keyof typeof CHILD_TABLES;
/** The row each of a contact's lists holds. */
export type ContactChildRows = {
  phoneNumbers: ContactPhoneNumberRow;
  emailAddresses: ContactEmailAddressRow;
  addresses: ContactAddressRow;
  education: ContactEducationRow;
  employment: ContactEmploymentRow;
};
/** An association with the related contact's name (the join keeps it to the same account). */
export type ContactAssociationListRow = Pick<ContactAssociationRow, 'id' | 'associatedContactId' | 'relationshipType' | 'relationshipDescription'> & {
  relatedFirstName: string | null;
  relatedLastName: string | null;
  relatedOrganization: string | null;
  relatedPrimaryEmail: string | null;
};
/** A note with its writer (null once the user is gone). */
export type ContactNoteListRow = Pick<ContactNoteRow, 'id' | 'subject' | 'content' | 'noteType' | 'isPrivate' | 'createdAt' | 'updatedAt'> & {
  creatorId: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};
export type ContactDocumentListRow = Pick<ContactDocumentRow, 'key' | 'fileName' | 'mimeType' | 'size' | 'uploadedAt'>;

export function createContactsRepository(knex: Knex) {
  const writer = createContactsWriter(knex);
  // SQLite searches the columns directly; MariaDB/MySQL through its search indexes.
  const mysqlSearch = engineOf(knex) === 'mysql' ? createMysqlContactSearch(knex) : undefined;

  function filtered(accountId: string, filter: Omit<ContactFilter, 'limit' | 'offset'>) {
    const query = scoped(knex, 'contacts', accountId);
    if (filter.status) query.where('contacts.status', filter.status);
    else query.whereNot('contacts.status', MERGED_STATUS);
    applyWordSearch(query, SEARCH_COLUMNS, filter.search);
    return query;
  }

  /**
   * The account's contacts (of one status), from the tallies the triggers keep (migration
   * 20261123150000): a few rows read instead of counting 100k index entries on every page.
   */
  function countByStatus(accountId: string, status: string | undefined) {
    const query = scoped(knex, 'account_contact_tallies', accountId);
    if (status) query.where('account_contact_tallies.contactStatus', status);
    else query.whereNot('account_contact_tallies.contactStatus', MERGED_STATUS);
    return query.sum({ count: 'account_contact_tallies.contacts' });
  }

  function newestFirst(query: Knex.QueryBuilder, filter: Pick<ContactFilter, 'limit' | 'offset'>): Knex.QueryBuilder {
    return query
      .orderBy([
        { column: 'contacts.createdAt', order: 'desc' },
        { column: 'contacts.id', order: 'desc' },
      ])
      .limit(filter.limit)
      .offset(filter.offset);
  }

  /**
   * One page of the list with the tally beside each row: one round trip, and the page and its total
   * from the same snapshot. On MariaDB the page walks the newest-first index; the tallies make the
   * total exact at any size. The first page of the list is the most requested read of the product,
   * so its statement is compiled once per shape (with or without a status).
   */
  function pageWithTally(params: { accountId: string; status?: string; limit: number; offset: number }): Knex.QueryBuilder {
    const page: Knex.QueryBuilder = mysqlSearch ? mysqlSearch.inListOrder(params.accountId) : scoped(knex, 'contacts', params.accountId);
    if (params.status) page.where('contacts.status', params.status);
    else page.whereNot('contacts.status', MERGED_STATUS);
    page.select(CONTACT_COLUMNS);
    page.select(countByStatus(params.accountId, params.status).as('listTotal'));
    return newestFirst(page, params);
  }
  type ListedRow = ContactRow & { listTotal: unknown };
  const pagesOfAllStatuses = compiledQuery<{ accountId: string; limit: number; offset: number }, ListedRow>(knex, pageWithTally);
  const pagesOfStatus = compiledQuery<{ accountId: string; status: string; limit: number; offset: number }, ListedRow>(knex, pageWithTally);

  return {
    ...writer,
    async list(accountId: string, filter: ContactFilter): Promise<{ rows: ContactRow[]; total: number; moreThanTotal: boolean }> {
      const words = searchWords(filter.search);
      if (mysqlSearch && words.length > 0) {
        return mysqlSearch.search<ContactRow>(accountId, { ...filter, words, hiddenStatus: MERGED_STATUS }, CONTACT_COLUMNS);
      }
      if (words.length > 0) {
        // Counted up to one past the cap, as on MariaDB (CONTACT_SEARCH_TOTAL_CAP).
        const [rows, totalRow] = await Promise.all([
          newestFirst(filtered(accountId, filter).select(CONTACT_COLUMNS), filter),
          knex
            .from(
              filtered(accountId, filter)
                .select('contacts.id')
                .limit(CONTACT_SEARCH_TOTAL_CAP + 1)
                .as('capped'),
            )
            .count({ count: '*' })
            .first(),
        ]);
        const counted = countOf(totalRow);
        return { rows, total: Math.min(counted, CONTACT_SEARCH_TOTAL_CAP), moreThanTotal: counted > CONTACT_SEARCH_TOTAL_CAP };
      }

      // No search: the page, with the tally beside each row, in one statement compiled once (see
      // pageWithTally).
      const { limit, offset } = filter;
      const rows = filter.status
        ? await pagesOfStatus.rows({ accountId, status: filter.status, limit, offset })
        : await pagesOfAllStatuses.rows({ accountId, limit, offset });
      // An empty page (past the end) carries no tally: it is read on its own.
      const total = rows.length > 0 ? countOf({ count: rows[0].listTotal }) : countOf(await countByStatus(accountId, filter.status).first());
      return { rows, total, moreThanTotal: false };
    },

    async findById(accountId: string, id: string): Promise<ContactRow | undefined> {
      return scoped(knex, 'contacts', accountId).where('contacts.id', id).first(CONTACT_COLUMNS);
    },

    async listChildren<K extends ContactChildKey>(accountId: string, contactId: string, key: K): Promise<ContactChildRows[K][]> {
      const table = CHILD_TABLES[key];
      // One query for five tables: its rows are the key's (ContactChildRows).
      const query: Knex.QueryBuilder = scoped(knex, table, accountId)
        .where(`${table}.contactId`, contactId)
        .select(`${table}.*`)
        .orderBy([
          { column: `${table}.sortOrder`, order: 'asc' },
          { column: `${table}.id`, order: 'asc' },
        ]);
      const rows: ContactChildRows[K][] = await query;
      return rows;
    },

    async listAssociations(accountId: string, contactId: string): Promise<ContactAssociationListRow[]> {
      return (
        scoped(knex, 'contact_associations', accountId)
          .where('contact_associations.contactId', contactId)
          // The related contact must belong to the same account; the join keeps a bad row from leaking one.
          .join('contacts as related', function joinRelated() {
            this.on('related.id', '=', 'contact_associations.associatedContactId').andOn('related.accountId', '=', 'contact_associations.accountId');
          })
          .select<ContactAssociationListRow[]>(
            'contact_associations.id as id',
            'contact_associations.associatedContactId as associatedContactId',
            'contact_associations.relationshipType as relationshipType',
            'contact_associations.relationshipDescription as relationshipDescription',
            'related.firstName as relatedFirstName',
            'related.lastName as relatedLastName',
            'related.organization as relatedOrganization',
            'related.primaryEmail as relatedPrimaryEmail',
          )
          .orderBy([
            { column: 'contact_associations.sortOrder', order: 'asc' },
            { column: 'contact_associations.id', order: 'asc' },
          ])
      );
    },

    /** Private notes are visible only to the user who wrote them. */
    async listNotes(accountId: string, contactId: string, viewerId: string): Promise<ContactNoteListRow[]> {
      return scoped(knex, 'contact_notes', accountId)
        .where('contact_notes.contactId', contactId)
        .andWhere((visible) => {
          visible.where('contact_notes.isPrivate', false).orWhere('contact_notes.createdBy', viewerId);
        })
        .leftJoin('users as creator', 'creator.id', 'contact_notes.createdBy')
        .select<ContactNoteListRow[]>(
          'contact_notes.id as id',
          'contact_notes.subject as subject',
          'contact_notes.content as content',
          'contact_notes.noteType as noteType',
          'contact_notes.isPrivate as isPrivate',
          'contact_notes.createdAt as createdAt',
          'contact_notes.updatedAt as updatedAt',
          'creator.id as creatorId',
          'creator.firstName as creatorFirstName',
          'creator.lastName as creatorLastName',
        )
        .orderBy([
          { column: 'contact_notes.createdAt', order: 'desc' },
          { column: 'contact_notes.id', order: 'desc' },
        ]);
    },

    async listDocuments(accountId: string, contactId: string): Promise<ContactDocumentListRow[]> {
      return scoped(knex, 'contact_documents', accountId)
        .where('contact_documents.contactId', contactId)
        .select<ContactDocumentListRow[]>('key', 'fileName', 'mimeType', 'size', 'uploadedAt')
        .orderBy([
          { column: 'contact_documents.uploadedAt', order: 'asc' },
          { column: 'contact_documents.id', order: 'asc' },
        ]);
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

type Db = Knex | Knex.Transaction;

/** Every list a contact saves with it, in the order the detail shows them. */
export const SAVED_CHILD_TABLES = [
  'contact_phone_numbers',
  'contact_email_addresses',
  'contact_addresses',
  'contact_associations',
  'contact_education',
  'contact_employment',
] as const;

/** What a contact's history records of the contact itself (its quick notes are no part of its identity). */
const IDENTITY_FIELDS = [...CONTACT_OWN_FIELDS.filter((field) => field !== 'quickNotes'), 'status', 'tags'] as const;
const IDENTITY_LISTS: ReadonlyArray<[string, string, string[]]> = [
  ['phoneNumbers', 'contact_phone_numbers', ['phoneNumber', 'phoneType', 'isPrimary']],
  ['emailAddresses', 'contact_email_addresses', ['emailAddress', 'emailType', 'isPrimary']],
  ['addresses', 'contact_addresses', ['addressType', 'streetAddress1', 'streetAddress2', 'city', 'stateProvince', 'postalCode', 'country', 'isPrimary']],
];

export function createContactsWriter(knex: Knex) {
  return {
    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    /**
     * Takes the contact's row lock before anything else of a save touches its lists: writers of one
     * contact queue on that one row, and never meet on the list tables' index gaps.
     */
    async lockForUpdate(db: Db, accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, 'contacts', accountId).where('contacts.id', id).forUpdate().first('contacts.id'));
    },

    /**
     * A contact's identity and contact details as the audit trail records them (lib/audit.ts): the
     * name, organization, status, tags and every phone, email and address, read in the caller's
     * transaction so before and after are the save's own.
     */
    async identitySnapshot(db: Db, accountId: string, id: string): Promise<Record<string, unknown> | undefined> {
      const row = await scoped(db, 'contacts', accountId)
        .where('contacts.id', id)
        .first(...IDENTITY_FIELDS.map((field) => `contacts.${field}`));
      if (!row) return undefined;
      const snapshot: Record<string, unknown> = {};
      for (const field of IDENTITY_FIELDS) snapshot[field] = field === 'birthDate' ? toIsoDate(row[field] as string | null) : (row[field] ?? null);
      snapshot.tags = toJsonArray(row.tags);
      for (const [key, table, columns] of IDENTITY_LISTS) {
        const items = await db(table).where({ accountId, contactId: id }).orderBy('sortOrder', 'asc').select(columns);
        snapshot[key] = items.map((item: Record<string, unknown>) =>
          Object.fromEntries(columns.map((column) => [column, column === 'isPrimary' ? toBool(item[column]) : (item[column] ?? null)])),
        );
      }
      return snapshot;
    },

    /** Ids of the given contacts that belong to the account. */
    async ownedIds(db: Db, accountId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = (await scoped(db, 'contacts', accountId).whereIn('contacts.id', ids).select('contacts.id')) as { id: string }[];
      return new Set(rows.map((r) => r.id));
    },

    async insertContact(db: Db, row: Record<string, unknown>): Promise<void> {
      await db('contacts').insert(row);
    },

    async updateContact(db: Db, accountId: string, id: string, row: Record<string, unknown>): Promise<void> {
      await scoped(db, 'contacts', accountId).where('contacts.id', id).update(row);
    },

    /**
     * Deletes a contact the caller has locked (lockForUpdate). Children go first so the delete works
     * whether or not the engine enforces ON DELETE CASCADE, each found by a plain read and deleted by
     * primary key, like replaceChildren: a range delete would lock index gaps shared with other contacts.
     */
    async deleteContact(db: Db, accountId: string, id: string): Promise<number> {
      const deleteByIds = async (table: string, column: string) => {
        const ids = (await scoped(db, table, accountId).where(`${table}.${column}`, id).pluck(`${table}.id`)) as string[];
        if (ids.length > 0) await scoped(db, table, accountId).whereIn(`${table}.id`, ids).delete();
      };
      for (const table of [...SAVED_CHILD_TABLES, 'contact_notes', 'contact_documents']) await deleteByIds(table, 'contactId');
      await deleteByIds('contact_associations', 'associatedContactId');
      return scoped(db, 'contacts', accountId).where('contacts.id', id).delete();
    },

    /**
     * Replaces a contact's list. The old rows are found by a plain read and deleted by primary key:
     * a DELETE ... WHERE contact_id = ? would take next-key locks on the index gap, and two saves
     * whose gaps touch then deadlock on each other's inserts (REPEATABLE READ). The caller holds the
     * contact's row lock (or just created it), so nobody else changes the list in between.
     * `fresh`: the contact was created in this transaction and has no rows yet.
     */
    async replaceChildren(db: Db, accountId: string, contactId: string, table: string, rows: Record<string, unknown>[], fresh = false): Promise<void> {
      if (!fresh) {
        const old = (await scoped(db, table, accountId).where(`${table}.contactId`, contactId).pluck(`${table}.id`)) as string[];
        if (old.length > 0) await scoped(db, table, accountId).whereIn(`${table}.id`, old).delete();
      }
      if (rows.length > 0) await db(table).insert(rows);
    },

    /** Notes this viewer may see (and so may replace); others' private notes are never touched. */
    async visibleNotes(db: Db, accountId: string, contactId: string, viewerId: string): Promise<Pick<ContactNoteRow, 'id' | 'createdBy' | 'createdAt'>[]> {
      return scoped(db, 'contact_notes', accountId)
        .where('contact_notes.contactId', contactId)
        .andWhere((visible) => {
          visible.where('contact_notes.isPrivate', false).orWhere('contact_notes.createdBy', viewerId);
        })
        .select<Pick<ContactNoteRow, 'id' | 'createdBy' | 'createdAt'>[]>('contact_notes.id', 'contact_notes.createdBy', 'contact_notes.createdAt');
    },

    async deleteNotes(db: Db, accountId: string, ids: string[]): Promise<void> {
      if (ids.length > 0) await scoped(db, 'contact_notes', accountId).whereIn('contact_notes.id', ids).delete();
    },

    async insertNotes(db: Db, rows: Record<string, unknown>[]): Promise<void> {
      if (rows.length > 0) await db('contact_notes').insert(rows);
    },
  };
}

export type ContactsWriter = ReturnType<typeof createContactsWriter>;
