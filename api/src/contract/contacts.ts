import { z } from 'zod';
import { limitOffsetQuery, searchParam } from './common';

export const CONTACT_STATUS_VALUES = ['active', 'inactive', 'do_not_contact', 'bounced'] as const;

export const contactListQuerySchema = z.object({
  ...limitOffsetQuery,
  search: searchParam,
  // 'all' is what the filter button sends when no status is chosen.
  status: z
    .enum([...CONTACT_STATUS_VALUES, 'all'], { error: `status must be one of: all, ${CONTACT_STATUS_VALUES.join(', ')}` })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
});

export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export type ContactStatusValue = (typeof CONTACT_STATUS_VALUES)[number];

/** A contact as lists, grids and the detail header show it (SPEC point 3). */
export type ContactSummary = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
  title: string | null;
  primaryEmail: string | null;
  secondaryEmail: string | null;
  primaryPhone: string | null;
  secondaryPhone: string | null;
  mobilePhone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  birthDate: string | null;
  occupation: string | null;
  employer: string | null;
  quickNotes: string | null;
  tags: string[];
  status: ContactStatusValue;
  totalDonated: number;
  profileImageKey: string | null;
  createdAt: string | null;
  updatedAt: string | null;
};

/** data of GET /api/contacts */
export type ContactListResponse = { contacts: ContactSummary[]; total: number };
export type ContactPhoneNumber = { id: string; phoneNumber: string; phoneType: string; isPrimary: boolean; extension: string | null; notes: string | null };
export type ContactEmailAddress = { id: string; emailAddress: string; emailType: string; isPrimary: boolean; notes: string | null };
export type ContactAddress = {
  id: string;
  addressType: string;
  isPrimary: boolean;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  stateProvince: string;
  postalCode: string;
  country: string;
  notes: string | null;
};
export type ContactAssociation = {
  id: string;
  associatedContactId: string;
  relationshipType: string;
  relationshipDescription: string | null;
  associatedContact: { id: string; firstName: string | null; lastName: string | null; organization: string | null; primaryEmail: string | null };
};
export type ContactEducation = {
  id: string;
  institutionName: string;
  degreeType: string | null;
  degreeName: string | null;
  fieldOfStudy: string | null;
  graduationYear: number | null;
  gpa: number | null;
  honors: string | null;
  isCurrent: boolean;
  notes: string | null;
};
export type ContactEmployment = {
  id: string;
  companyName: string;
  jobTitle: string | null;
  department: string | null;
  employmentType: string | null;
  startDate: string | null;
  endDate: string | null;
  isCurrent: boolean;
  salaryRange: string | null;
  description: string | null;
};
export type ContactNote = {
  id: string;
  subject: string | null;
  content: string;
  noteType: string;
  isPrivate: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  creator: { id: string; firstName: string; lastName: string } | null;
};
export type ContactDocument = { key: string; fileName: string; mimeType: string; size: number; uploadedAt: string | null };

/** The detail page's contact: the summary plus its nested lists (private notes of others left out). */
export type ContactDetail = ContactSummary & {
  documentKeys: string[];
  documents: ContactDocument[];
  phoneNumbers: ContactPhoneNumber[];
  emailAddresses: ContactEmailAddress[];
  addresses: ContactAddress[];
  associations: ContactAssociation[];
  education: ContactEducation[];
  employment: ContactEmployment[];
  notes: ContactNote[];
};

/** data of GET /api/contacts/:id */
export type ContactDetailResponse = { contact: ContactDetail };
