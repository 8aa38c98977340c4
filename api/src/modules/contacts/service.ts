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
} from '../../contract';
import { toBool, toInt, toIsoDate, toIsoDateTime, toJsonArray, toMoney, toMoneyOrNull } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { ContactRow, ContactsRepository } from './repository';

type Row = Record<string, unknown>;

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toContactSummary(row: ContactRow): ContactSummary {
  return {
    id: row.id,
    firstName: str(row.firstName),
    lastName: str(row.lastName),
    organization: str(row.organization),
    title: str(row.title),
    primaryEmail: str(row.primaryEmail),
    secondaryEmail: str(row.secondaryEmail),
    primaryPhone: str(row.primaryPhone),
    secondaryPhone: str(row.secondaryPhone),
    mobilePhone: str(row.mobilePhone),
    addressLine1: str(row.addressLine1),
    addressLine2: str(row.addressLine2),
    city: str(row.city),
    state: str(row.state),
    zipCode: str(row.zipCode),
    country: str(row.country),
    birthDate: toIsoDate(row.birthDate as string | null),
    occupation: str(row.occupation),
    employer: str(row.employer),
    quickNotes: str(row.quickNotes),
    tags: toJsonArray<string>(row.tags),
    status: String(row.status) as ContactStatusValue,
    totalDonated: toMoney(row.totalDonated),
    profileImageKey: str(row.profileImageKey),
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    updatedAt: toIsoDateTime(row.updatedAt as Date | null),
  };
}

function phone(row: Row): ContactPhoneNumber {
  return {
    id: String(row.id),
    phoneNumber: String(row.phoneNumber),
    phoneType: String(row.phoneType),
    isPrimary: toBool(row.isPrimary),
    extension: str(row.extension),
    notes: str(row.notes),
  };
}

function email(row: Row): ContactEmailAddress {
  return {
    id: String(row.id),
    emailAddress: String(row.emailAddress),
    emailType: String(row.emailType),
    isPrimary: toBool(row.isPrimary),
    notes: str(row.notes),
  };
}

function address(row: Row): ContactAddress {
  return {
    id: String(row.id),
    addressType: String(row.addressType),
    isPrimary: toBool(row.isPrimary),
    streetAddress1: String(row.streetAddress1),
    streetAddress2: str(row.streetAddress2),
    city: String(row.city),
    stateProvince: String(row.stateProvince),
    postalCode: String(row.postalCode),
    country: String(row.country),
    notes: str(row.notes),
  };
}

function education(row: Row): ContactEducation {
  return {
    id: String(row.id),
    institutionName: String(row.institutionName),
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

function employment(row: Row): ContactEmployment {
  return {
    id: String(row.id),
    companyName: String(row.companyName),
    jobTitle: str(row.jobTitle),
    department: str(row.department),
    employmentType: str(row.employmentType),
    startDate: toIsoDate(row.startDate as string | null),
    endDate: toIsoDate(row.endDate as string | null),
    isCurrent: toBool(row.isCurrent),
    salaryRange: str(row.salaryRange),
    description: str(row.description),
  };
}

function association(row: Row): ContactAssociation {
  return {
    id: String(row.id),
    associatedContactId: String(row.associatedContactId),
    relationshipType: String(row.relationshipType),
    relationshipDescription: str(row.relationshipDescription),
    associatedContact: {
      id: String(row.associatedContactId),
      firstName: str(row.relatedFirstName),
      lastName: str(row.relatedLastName),
      organization: str(row.relatedOrganization),
      primaryEmail: str(row.relatedPrimaryEmail),
    },
  };
}

function note(row: Row): ContactNote {
  return {
    id: String(row.id),
    subject: str(row.subject),
    content: String(row.content),
    noteType: String(row.noteType),
    isPrivate: toBool(row.isPrivate),
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    updatedAt: toIsoDateTime(row.updatedAt as Date | null),
    creator: row.creatorId
      ? { id: String(row.creatorId), firstName: String(row.creatorFirstName ?? ''), lastName: String(row.creatorLastName ?? '') }
      : null,
  };
}

function document(row: Row): ContactDocument {
  return {
    key: String(row.key),
    fileName: String(row.fileName),
    mimeType: String(row.mimeType),
    size: toInt(row.size),
    uploadedAt: toIsoDateTime(row.uploadedAt as Date | null),
  };
}


export function createContactsService(repo: ContactsRepository) {
  return {
    async list(accountId: string, query: z.output<typeof contactListQuerySchema>): Promise<ContactListResponse> {
      const { rows, total } = await repo.list(accountId, query);
      return { contacts: rows.map(toContactSummary), total };
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
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
