import { changedFields, recordAudit, type AuditActor } from '../../lib/audit';
import type { z } from 'zod';
import type {
  ContactAddress,
  ContactAssociation,
  ContactDetail,
  ContactDocument,
  ContactEducation,
  ContactEmailAddress,
  ContactEmployment,
  contactListQuerySchema,
  ContactListResponse,
  ContactNote,
  ContactPhoneNumber,
  ContactStatusValue,
  ContactSummary,
} from '@caucus/contract';
import { toBool, toInt, toIsoDate, toIsoDateTime, toJsonArray, toJsonText, toMoney, toMoneyOrNull } from '../../db/values';
import type { Knex } from 'knex';
import { BadRequest, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { isId, newId } from '../../lib/ids';
import type { ContactValues, ContactWithImages } from '@caucus/contract';
import { signFileUrl, type FilesService } from '../files';
import type {
  ContactAssociationListRow,
  ContactChildRows,
  ContactDocumentListRow,
  ContactNoteListRow,
  ContactRow,
  ContactsRepository,
  ContactsWriter,
} from './repository';
import { leaveListsOf, syncSmartListsOf } from '../contactLists';
import { assertHoldsNoMoney } from '../ledger';

/** Signs a stored image key of an account into an expiring url. */
export type ImageSigner = (accountId: string, key: string) => string | Promise<string>;

/** The first entry marked primary stays primary; with none marked, the first entry is. */
function withOnePrimary<T extends { isPrimary: boolean }>(items: T[]): T[] {
  const chosen = Math.max(
    0,
    items.findIndex((item) => item.isPrimary),
  );
  return items.map((item, index) => ({ ...item, isPrimary: index === chosen }));
}

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toContactSummary(row: ContactRow): ContactSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    organization: row.organization,
    title: row.title,
    primaryEmail: row.primaryEmail,
    secondaryEmail: row.secondaryEmail,
    primaryPhone: row.primaryPhone,
    secondaryPhone: row.secondaryPhone,
    mobilePhone: row.mobilePhone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    birthDate: toIsoDate(row.birthDate),
    occupation: row.occupation,
    employer: row.employer,
    quickNotes: row.quickNotes,
    tags: toJsonArray<string>(row.tags),
    // A merged contact is read only by id (its old links); the contract's statuses leave 'merged' out.
    status: row.status as ContactStatusValue,
    totalDonated: toMoney(row.totalDonated),
    isVolunteer: toBool(row.isVolunteer),
    isBoardMember: toBool(row.isBoardMember),
    profileImageKey: row.profileImageKey,
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

function phone(row: ContactChildRows['phoneNumbers']): ContactPhoneNumber {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    phoneType: row.phoneType,
    isPrimary: toBool(row.isPrimary),
    extension: str(row.extension),
    notes: str(row.notes),
  };
}

function email(row: ContactChildRows['emailAddresses']): ContactEmailAddress {
  return {
    id: row.id,
    emailAddress: row.emailAddress,
    emailType: row.emailType,
    isPrimary: toBool(row.isPrimary),
    notes: str(row.notes),
  };
}

function address(row: ContactChildRows['addresses']): ContactAddress {
  return {
    id: row.id,
    addressType: row.addressType,
    isPrimary: toBool(row.isPrimary),
    streetAddress1: row.streetAddress1,
    streetAddress2: str(row.streetAddress2),
    city: row.city,
    stateProvince: row.stateProvince,
    postalCode: row.postalCode,
    country: row.country,
    notes: str(row.notes),
  };
}

function education(row: ContactChildRows['education']): ContactEducation {
  return {
    id: row.id,
    institutionName: row.institutionName,
    degreeType: str(row.degreeType),
    degreeName: str(row.degreeName),
    fieldOfStudy: str(row.fieldOfStudy),
    graduationYear: row.graduationYear === null || row.graduationYear === undefined ? null : toInt(row.graduationYear),
    gpa: toMoneyOrNull(row.gpa),
    honors: str(row.honors),
    isCurrent: toBool(row.isCurrent),
    notes: str(row.notes),
  };
}

function employment(row: ContactChildRows['employment']): ContactEmployment {
  return {
    id: row.id,
    companyName: row.companyName,
    jobTitle: str(row.jobTitle),
    department: str(row.department),
    employmentType: str(row.employmentType),
    startDate: toIsoDate(row.startDate),
    endDate: toIsoDate(row.endDate),
    isCurrent: toBool(row.isCurrent),
    salaryRange: str(row.salaryRange),
    description: str(row.description),
  };
}

function association(row: ContactAssociationListRow): ContactAssociation {
  return {
    id: row.id,
    associatedContactId: row.associatedContactId,
    relationshipType: row.relationshipType,
    relationshipDescription: str(row.relationshipDescription),
    associatedContact: {
      id: row.associatedContactId,
      firstName: str(row.relatedFirstName),
      lastName: str(row.relatedLastName),
      organization: str(row.relatedOrganization),
      primaryEmail: str(row.relatedPrimaryEmail),
    },
  };
}

function note(row: ContactNoteListRow): ContactNote {
  return {
    id: row.id,
    subject: str(row.subject),
    content: row.content,
    noteType: row.noteType,
    isPrivate: toBool(row.isPrivate),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
    creator: row.creatorId ? { id: row.creatorId, firstName: row.creatorFirstName ?? '', lastName: row.creatorLastName ?? '' } : null,
  };
}

function document(row: ContactDocumentListRow): ContactDocument {
  return {
    key: row.key,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: toInt(row.size),
    uploadedAt: toIsoDateTime(row.uploadedAt),
  };
}

export function createContactsService(repo: ContactsRepository, contactFiles: Pick<FilesService, 'detachContactFiles'>, signImage: ImageSigner = signFileUrl) {
  const writes = (): ContactsWriter => repo;

  async function saveChildren(
    trx: Knex.Transaction,
    accountId: string,
    viewerId: string,
    contactId: string,
    values: ContactValues,
    now: Date,
    fresh: boolean,
  ): Promise<void> {
    const w = writes();
    const base = (sortOrder: number) => ({ id: newId(), accountId, contactId, sortOrder, createdAt: now, updatedAt: now });
    const lists: [string, Record<string, unknown>[]][] = [
      ['contact_phone_numbers', withOnePrimary(values.phoneNumbers).map((p, i) => ({ ...base(i), ...p }))],
      ['contact_email_addresses', withOnePrimary(values.emailAddresses).map((e, i) => ({ ...base(i), ...e }))],
      ['contact_addresses', withOnePrimary(values.addresses).map((a, i) => ({ ...base(i), ...a }))],
      ['contact_associations', values.associations.map((a, i) => ({ ...base(i), ...a }))],
      ['contact_education', values.education.map((e, i) => ({ ...base(i), ...e }))],
      ['contact_employment', values.employment.map((e, i) => ({ ...base(i), ...e }))],
    ];
    for (const [table, rows] of lists) await w.replaceChildren(trx, accountId, contactId, table, rows, fresh);

    // Only the notes this user can see are replaced; another user's private notes stay as they are.
    const visible = fresh ? [] : await w.visibleNotes(trx, accountId, contactId, viewerId);
    const kept = new Map(visible.map((n) => [String(n.id), n]));
    await w.deleteNotes(trx, accountId, [...kept.keys()]);
    await w.insertNotes(
      trx,
      values.notes.map(({ id, ...n }, i) => {
        const previous = id ? kept.get(id) : undefined;
        // Distinct timestamps keep the order the form sent when notes are listed newest first.
        const createdAt = previous ? previous.createdAt : new Date(now.getTime() - i);
        return { id: newId(), accountId, contactId, ...n, createdBy: previous ? previous.createdBy : viewerId, createdAt, updatedAt: now };
      }),
    );
  }

  async function checkAssociations(trx: Knex.Transaction, accountId: string, contactId: string | null, values: ContactValues) {
    const ids = [...new Set(values.associations.map((a) => a.associatedContactId))];
    const owned = await writes().ownedIds(trx, accountId, ids.filter(isId));
    for (const id of ids) {
      // Another account's contact answers as a missing one, so its existence does not leak.
      if (!owned.has(id)) throw new NotFound('Related contact not found');
      if (id === contactId) throw new BadRequest('A contact cannot be related to itself', { associations: 'A contact cannot be related to itself' });
    }
  }

  // The list, the search and the detail header read the scalar fields, so a contact entered only
  // through its nested lists still shows (and is found by) its primary email, phone and place.
  function scalarRow(values: ContactValues): Record<string, unknown> {
    const { phoneNumbers, emailAddresses, addresses, associations, education, employment, notes, tags, ...scalars } = values;
    const primaryOf = <T extends { isPrimary?: boolean | null }>(items: T[] | null | undefined) => items?.find((item) => item.isPrimary) ?? items?.[0];
    const phone = primaryOf(phoneNumbers);
    const email = primaryOf(emailAddresses);
    const address = primaryOf(addresses);
    return {
      ...scalars,
      primaryEmail: scalars.primaryEmail || email?.emailAddress || null,
      primaryPhone: scalars.primaryPhone || phone?.phoneNumber || null,
      city: scalars.city || address?.city || null,
      state: scalars.state || address?.stateProvince || null,
      tags: toJsonText(tags),
    };
  }

  const service = {
    async list(accountId: string, query: z.output<typeof contactListQuerySchema>): Promise<ContactListResponse> {
      const { rows, total, moreThanTotal } = await repo.list(accountId, query);
      return { contacts: rows.map(toContactSummary), total, moreThanTotal };
    },

    async get(accountId: string, viewerId: string, id: string): Promise<ContactDetail> {
      assertIdOr404(id, 'Contact not found');
      const row = await repo.findById(accountId, id);
      if (!row) throw new NotFound('Contact not found');
      const [phones, emails, addresses, educations, jobs, associations, notes, documents] = await Promise.all([
        repo.listChildren(accountId, id, 'phoneNumbers'),
        repo.listChildren(accountId, id, 'emailAddresses'),
        repo.listChildren(accountId, id, 'addresses'),
        repo.listChildren(accountId, id, 'education'),
        repo.listChildren(accountId, id, 'employment'),
        repo.listAssociations(accountId, id),
        repo.listNotes(accountId, id, viewerId),
        repo.listDocuments(accountId, id),
      ]);
      const docs = documents.map(document);
      return {
        ...toContactSummary(row),
        documentKeys: docs.map((doc) => doc.key),
        documents: docs,
        phoneNumbers: phones.map(phone),
        emailAddresses: emails.map(email),
        addresses: addresses.map(address),
        associations: associations.map(association),
        education: educations.map(education),
        employment: jobs.map(employment),
        notes: notes.map(note),
      };
    },

    async create(accountId: string, viewerId: string, values: ContactValues, sessionId: string | null = null): Promise<ContactDetail> {
      const id = newId();
      await writes().transaction(async (trx) => {
        await checkAssociations(trx, accountId, null, values);
        const now = new Date();
        await writes().insertContact(trx, {
          id,
          accountId,
          ...scalarRow(values),
          totalDonated: 0,
          source: 'manual',
          createdBy: viewerId,
          createdAt: now,
          updatedAt: now,
        });
        await saveChildren(trx, accountId, viewerId, id, values, now, true);
        // Smart lists keep themselves current: the new contact joins those whose rules it meets.
        await syncSmartListsOf(trx, accountId, [id]);
        const after = await writes().identitySnapshot(trx, accountId, id);
        await recordAudit(trx, { accountId, actor: { userId: viewerId, sessionId }, entityType: 'contact', entityId: id, action: 'create', after });
      });
      return service.get(accountId, viewerId, id);
    },

    async update(accountId: string, viewerId: string, id: string, values: ContactValues, sessionId: string | null = null): Promise<ContactDetail> {
      assertIdOr404(id, 'Contact not found');
      await writes().transaction(async (trx) => {
        if (!(await writes().lockForUpdate(trx, accountId, id))) throw new NotFound('Contact not found');
        await checkAssociations(trx, accountId, id, values);
        const before = await writes().identitySnapshot(trx, accountId, id);
        const now = new Date();
        await writes().updateContact(trx, accountId, id, { ...scalarRow(values), updatedAt: now });
        await saveChildren(trx, accountId, viewerId, id, values, now, false);
        await syncSmartListsOf(trx, accountId, [id]);
        // Identity and contact details only: the fields that changed, as they were and as they are.
        const changed = changedFields(before ?? {}, (await writes().identitySnapshot(trx, accountId, id)) ?? {});
        if (changed)
          await recordAudit(trx, { accountId, actor: { userId: viewerId, sessionId }, entityType: 'contact', entityId: id, action: 'update', ...changed });
      });
      return service.get(accountId, viewerId, id);
    },

    async remove(accountId: string, id: string, actor: AuditActor = { userId: null }): Promise<{ deleted: true }> {
      assertIdOr404(id, 'Contact not found');
      let removeStoredFiles: () => Promise<void> = async () => {};
      const deleted = await writes().transaction(async (trx) => {
        // The contact's row lock first, as a save takes it: a delete that touched the lists before
        // the contact would meet a save holding the contact and waiting on those lists (a deadlock).
        if (!(await writes().lockForUpdate(trx, accountId, id))) return 0;
        // Money never disappears (docs/adr/0012-the-ledger.md): a contact with gifts is archived instead.
        await assertHoldsNoMoney(trx, accountId, { contactId: id });
        const before = await writes().identitySnapshot(trx, accountId, id);
        await recordAudit(trx, { accountId, actor, entityType: 'contact', entityId: id, action: 'delete', before });
        await leaveListsOf(trx, accountId, [id]);
        const count = await writes().deleteContact(trx, accountId, id);
        if (count > 0) removeStoredFiles = await contactFiles.detachContactFiles(trx, accountId, id);
        return count;
      });
      if (!deleted) throw new NotFound('Contact not found');
      await removeStoredFiles();
      return { deleted: true };
    },

    async getWithImages(accountId: string, viewerId: string, id: string): Promise<ContactWithImages> {
      const contact = await service.get(accountId, viewerId, id);
      const signedImageUrls: Record<string, string> = {};
      let profileImageUrl: string | null = null;
      if (contact.profileImageKey) {
        profileImageUrl = await signImage(accountId, contact.profileImageKey);
        signedImageUrls[contact.profileImageKey] = profileImageUrl;
      }
      for (const doc of contact.documents) {
        if (doc.mimeType.startsWith('image/')) signedImageUrls[doc.key] = await signImage(accountId, doc.key);
      }
      return { ...contact, profileImageUrl, signedImageUrls };
    },
  };
  return service;
}

export type ContactsService = ReturnType<typeof createContactsService>;
