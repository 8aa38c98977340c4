import type { Knex } from 'knex';
import { scoped } from '../../http/tenancy';
import { applyWordSearch, countOf } from '../shared/search';

export type ContactRow = Record<string, unknown> & { id: string };

export type ContactFilter = {
  limit: number;
  offset: number;
  search?: string;
  status?: string;
};

const SEARCH_COLUMNS = [
  'contacts.firstName',
  'contacts.lastName',
  'contacts.organization',
  'contacts.primaryEmail',
  'contacts.primaryPhone',
];

export const CONTACT_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'organization',
  'title',
  'primaryEmail',
  'secondaryEmail',
  'primaryPhone',
  'secondaryPhone',
  'mobilePhone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'country',
  'birthDate',
  'occupation',
  'employer',
  'quickNotes',
  'tags',
  'status',
  'totalDonated',
  'profileImageKey',
  'createdAt',
  'updatedAt',
].map((column) => `contacts.${column}`);

/** Child tables of a contact shown on the detail page, oldest first by their own order. */
const CHILD_TABLES = {
  phoneNumbers: 'contact_phone_numbers',
  emailAddresses: 'contact_email_addresses',
  addresses: 'contact_addresses',
  education: 'contact_education',
  employment: 'contact_employment',
} as const;

export type ContactChildKey = keyof typeof CHILD_TABLES;

export function createContactsRepository(knex: Knex) {
  function filtered(accountId: string, filter: Omit<ContactFilter, 'limit' | 'offset'>) {
    const query = scoped(knex, 'contacts', accountId);
    if (filter.status) query.where('contacts.status', filter.status);
    applyWordSearch(query, SEARCH_COLUMNS, filter.search);
    return query;
  }

  return {
    async list(accountId: string, filter: ContactFilter): Promise<{ rows: ContactRow[]; total: number }> {
      const [rows, totalRow] = await Promise.all([
        filtered(accountId, filter)
          .select(CONTACT_COLUMNS)
          .orderBy([
            { column: 'contacts.createdAt', order: 'desc' },
            { column: 'contacts.id', order: 'desc' },
          ])
          .limit(filter.limit)
          .offset(filter.offset),
        filtered(accountId, filter).count({ count: '*' }).first(),
      ]);
      return { rows: rows as ContactRow[], total: countOf(totalRow) };
    },

    async findById(accountId: string, id: string): Promise<ContactRow | undefined> {
      return (await scoped(knex, 'contacts', accountId).where('contacts.id', id).first(CONTACT_COLUMNS)) as ContactRow | undefined;
    },

    async listChildren(accountId: string, contactId: string, key: ContactChildKey): Promise<Record<string, unknown>[]> {
      const table = CHILD_TABLES[key];
      return scoped(knex, table, accountId)
        .where(`${table}.contactId`, contactId)
        .select(`${table}.*`)
        .orderBy([
          { column: `${table}.sortOrder`, order: 'asc' },
          { column: `${table}.id`, order: 'asc' },
        ]);
    },

    async listAssociations(accountId: string, contactId: string): Promise<Record<string, unknown>[]> {
      return scoped(knex, 'contact_associations', accountId)
        .where('contact_associations.contactId', contactId)
        // The related contact must belong to the same account; the join keeps a bad row from leaking one.
        .join('contacts as related', function joinRelated() {
          this.on('related.id', '=', 'contact_associations.associatedContactId').andOn(
            'related.accountId',
            '=',
            'contact_associations.accountId',
          );
        })
        .select(
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
        ]);
    },

    /** Private notes are visible only to the user who wrote them. */
    async listNotes(accountId: string, contactId: string, viewerId: string): Promise<Record<string, unknown>[]> {
      return scoped(knex, 'contact_notes', accountId)
        .where('contact_notes.contactId', contactId)
        .andWhere((visible) => {
          visible.where('contact_notes.isPrivate', false).orWhere('contact_notes.createdBy', viewerId);
        })
        .leftJoin('users as creator', 'creator.id', 'contact_notes.createdBy')
        .select(
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

    async listDocuments(accountId: string, contactId: string): Promise<Record<string, unknown>[]> {
      return scoped(knex, 'contact_documents', accountId)
        .where('contact_documents.contactId', contactId)
        .select('key', 'fileName', 'mimeType', 'size', 'uploadedAt')
        .orderBy([
          { column: 'contact_documents.uploadedAt', order: 'asc' },
          { column: 'contact_documents.id', order: 'asc' },
        ]);
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
