import { z } from 'zod';
import type {
  contactDetailResponseSchema,
  contactDetailSchema,
  contactDocumentSchema,
  contactListResponseSchema,
  contactSummarySchema,
  contactWithImagesResponseSchema,
} from './contacts.responses';
import type { deletedSchema } from './common.responses';
import {
  dateRangeMessage,
  isRealDateInRange,
  limitOffsetQuery,
  numberFromText,
  safeText,
  searchParam,
  TEXT_COLUMN_BYTES,
  type TextOptions,
  utf8Bytes,
} from './common';

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

/** A contact as lists, grids and the detail header show it (docs/product/data.md). */
export type ContactSummary = z.output<typeof contactSummarySchema>;

/**
 * A search counts its matches up to this many and no further (docs/benchmarks.md): past it the total
 * reads "more than 1,000". No one pages through a frequent word's whole index, and counting all of it
 * is what made a frequent word's search slow under load.
 */
export const CONTACT_SEARCH_TOTAL_CAP = 1000;

/**
 * data of GET /api/contacts. total is exact unless moreThanTotal: then a search found more than
 * total (= CONTACT_SEARCH_TOTAL_CAP) contacts and stopped counting. Without a search it is always exact.
 */
export type ContactListResponse = z.output<typeof contactListResponseSchema>;
export type ContactPhoneNumber = ContactDetail['phoneNumbers'][number];
export type ContactEmailAddress = ContactDetail['emailAddresses'][number];
export type ContactAddress = ContactDetail['addresses'][number];
export type ContactAssociation = ContactDetail['associations'][number];
export type ContactEducation = ContactDetail['education'][number];
export type ContactEmployment = ContactDetail['employment'][number];
export type ContactNote = ContactDetail['notes'][number];
export type ContactDocument = z.output<typeof contactDocumentSchema>;

/** Body of PUT /api/contacts/:id/documents/:key/rename (the API keeps the extension of the stored type). */
export const documentRenameInputSchema = z.object({
  fileName: safeText(z.string({ error: 'File name is required' }).trim().min(1, 'File name is required').max(255, 'File name is too long'), 'File name'),
});
export type DocumentRenameInput = z.input<typeof documentRenameInputSchema>;

/** The detail page's contact: the summary plus its nested lists (private notes of others left out). */
export type ContactDetail = z.output<typeof contactDetailSchema>;

/** data of GET /api/contacts/:id */
export type ContactDetailResponse = z.output<typeof contactDetailResponseSchema>;

/** data of GET /api/contacts/:id/with-images: signed, expiring urls of the profile image (null without one) and of image documents, by key. */
export type ContactWithImagesResponse = z.output<typeof contactWithImagesResponseSchema>;
export type ContactWithImages = ContactWithImagesResponse['contact'];
export type ContactDeleteResponse = z.output<typeof deletedSchema>;

export const RELATIONSHIP_TYPE_VALUES = [
  'spouse',
  'partner',
  'parent',
  'child',
  'sibling',
  'colleague',
  'friend',
  'business_partner',
  'mentor',
  'other',
] as const;

export const PHONE_TYPE_VALUES = ['mobile', 'home', 'work', 'fax', 'other'] as const;
export const EMAIL_TYPE_VALUES = ['personal', 'work', 'other'] as const;
export const ADDRESS_TYPE_VALUES = ['home', 'work', 'mailing', 'other'] as const;
export const ADDRESS_COUNTRY_VALUES = ['US', 'CA', 'MX', 'UK', 'AU', 'DE', 'FR', 'JP', 'other'] as const;
export const DEGREE_TYPE_VALUES = ['high_school', 'associate', 'bachelor', 'master', 'doctorate', 'certificate', 'other'] as const;
export const EMPLOYMENT_TYPE_VALUES = ['full_time', 'part_time', 'contract', 'internship', 'volunteer', 'other'] as const;
export const NOTE_TYPE_VALUES = ['general', 'call', 'meeting', 'email', 'event', 'donation', 'follow_up', 'personal', 'other'] as const;

const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);
const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// `max` counts UTF-16 units, never fewer than the characters a VARCHAR counts; TEXT columns count bytes.
const boundedText = (field: string, max: number, error: string, options: TextOptions = {}) =>
  safeText(
    z
      .string({ error })
      .max(max, `${field} is too long`)
      .refine((text) => utf8Bytes(text) <= TEXT_COLUMN_BYTES, `${field} is too long`),
    field,
    options,
  );

const optText = (field: string, max: number, options: TextOptions = {}) =>
  z.preprocess((v) => blankToNull(trimmed(v)), boundedText(field, max, `${field} must be text`, options).nullable().optional()).transform((v) => v ?? null);

const reqText = (field: string, max: number, message: string, options: TextOptions = {}) =>
  z.preprocess(trimmed, boundedText(field, max, message, options).min(1, message));

const optDate = (field: string) =>
  z
    .preprocess(
      (v) => {
        const b = blankToNull(v);
        return typeof b === 'string' ? b.slice(0, 10) : b;
      },
      z
        .string({ error: `${field} must be a date` })
        .regex(DATE_ONLY, `${field} must be a date (YYYY-MM-DD)`)
        .refine(isRealDateInRange, dateRangeMessage(field))
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

const optEmail = (field: string) =>
  z
    .preprocess(
      (v) => blankToNull(trimmed(v)),
      z
        .string({ error: 'Please enter a valid email address' })
        .max(255, `${field} is too long`)
        .regex(EMAIL, 'Please enter a valid email address')
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

/** One of the field's documented options; blank takes the default (or null when there is none). */
const option = <const V extends readonly [string, ...string[]]>(field: string, values: V, fallback: V[number] | null) =>
  z
    .preprocess((v) => blankToNull(v) ?? fallback, z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` }).nullable())
    .transform((v) => v ?? null);

const flag = z.boolean({ error: 'Must be true or false' }).optional().default(false);

const phoneInput = z.object({
  phoneNumber: reqText('Phone number', 50, 'Phone number is required'),
  phoneType: option('Phone type', PHONE_TYPE_VALUES, 'mobile'),
  isPrimary: flag,
  extension: optText('Extension', 20),
  notes: optText('Phone notes', 5000, { multiline: true }),
});

const emailInput = z.object({
  emailAddress: z.preprocess(trimmed, z.string({ error: 'Please enter a valid email address' }).max(255).regex(EMAIL, 'Please enter a valid email address')),
  emailType: option('Email type', EMAIL_TYPE_VALUES, 'personal'),
  isPrimary: flag,
  notes: optText('Email notes', 5000, { multiline: true }),
});

const addressInput = z.object({
  addressType: option('Address type', ADDRESS_TYPE_VALUES, 'home'),
  isPrimary: flag,
  streetAddress1: reqText('Street address 1', 255, 'Street address is required'),
  streetAddress2: optText('Street address 2', 255),
  city: reqText('City', 100, 'City is required'),
  stateProvince: reqText('State/Province', 100, 'State/province is required'),
  postalCode: reqText('Postal code', 20, 'Postal code is required'),
  country: option('Address country', ADDRESS_COUNTRY_VALUES, 'US'),
  notes: optText('Address notes', 5000, { multiline: true }),
});

const associationInput = z.object({
  associatedContactId: z.string({ error: 'Please select a related contact' }).min(1, 'Please select a related contact'),
  relationshipType: z.preprocess(
    (v) => blankToNull(v) ?? 'other',
    z.enum(RELATIONSHIP_TYPE_VALUES, { error: `Relationship must be one of: ${RELATIONSHIP_TYPE_VALUES.join(', ')}` }),
  ),
  relationshipDescription: optText('Relationship description', 255),
});

export const GRADUATION_YEAR_MIN = 1950;
export const GRADUATION_YEAR_MAX = 2050;
export const GPA_MIN = 0;
export const GPA_MAX = 4;
const GRADUATION_YEAR_MESSAGE = `Graduation year must be between ${GRADUATION_YEAR_MIN} and ${GRADUATION_YEAR_MAX}`;
const GPA_MESSAGE = `GPA must be between ${GPA_MIN} and ${GPA_MAX}`;

const educationInput = z.object({
  institutionName: reqText('Institution name', 255, 'Institution name is required'),
  degreeType: option('Degree type', DEGREE_TYPE_VALUES, null),
  degreeName: optText('Degree name', 255),
  fieldOfStudy: optText('Field of study', 255),
  graduationYear: z
    .preprocess(
      blankToNull,
      z
        .number({ error: GRADUATION_YEAR_MESSAGE })
        .int(GRADUATION_YEAR_MESSAGE)
        .min(GRADUATION_YEAR_MIN, GRADUATION_YEAR_MESSAGE)
        .max(GRADUATION_YEAR_MAX, GRADUATION_YEAR_MESSAGE)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  gpa: z
    .preprocess(
      blankToNull,
      z
        .number({ error: GPA_MESSAGE })
        .min(GPA_MIN, GPA_MESSAGE)
        .max(GPA_MAX, GPA_MESSAGE)
        .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'GPA must be in steps of 0.01')
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  honors: optText('Honors', 255),
  isCurrent: flag,
  notes: optText('Education notes', 5000, { multiline: true }),
});

const employmentInput = z
  .object({
    companyName: reqText('Company name', 255, 'Company name is required'),
    jobTitle: optText('Job title', 255),
    department: optText('Department', 255),
    employmentType: option('Employment type', EMPLOYMENT_TYPE_VALUES, null),
    startDate: optDate('Start date'),
    endDate: optDate('End date'),
    isCurrent: flag,
    salaryRange: optText('Salary range', 100),
    description: optText('Description', 10_000, { multiline: true }),
  })
  // A current position has no end date (the form clears it too).
  .transform((job) => (job.isCurrent ? { ...job, endDate: null } : job));

const noteInput = z.object({
  // An existing note keeps its creator and date when sent back with its id.
  id: z.string().optional(),
  subject: optText('Subject', 255),
  content: reqText('Content', 65_000, 'Note content is required', { multiline: true }),
  noteType: option('Note type', NOTE_TYPE_VALUES, 'general'),
  isPrivate: flag,
});

const list = <T extends z.ZodType>(item: T, field: string) =>
  z
    .array(item, { error: `${field} must be a list` })
    .max(200, `${field} can hold at most 200 entries`)
    .optional()
    .default([]);

/** A contact's own fields (text and dates), in the form's order. */
const contactOwnFields = {
  firstName: optText('First name', 100),
  lastName: optText('Last name', 100),
  organization: optText('Organization', 255),
  title: optText('Title', 255),
  primaryEmail: optEmail('Primary email'),
  secondaryEmail: optEmail('Secondary email'),
  primaryPhone: optText('Primary phone', 50),
  secondaryPhone: optText('Secondary phone', 50),
  mobilePhone: optText('Mobile phone', 50),
  addressLine1: optText('Address line 1', 255),
  addressLine2: optText('Address line 2', 255),
  city: optText('City', 100),
  state: optText('State', 100),
  zipCode: optText('ZIP code', 20),
  country: z.preprocess((v) => blankToNull(v) ?? 'US', safeText(z.string({ error: 'Country must be text' }).max(64), 'Country')),
  birthDate: optDate('Birth date'),
  occupation: optText('Occupation', 255),
  employer: optText('Employer', 255),
  quickNotes: optText('Quick notes', 65_000, { multiline: true }),
};
/** Their names: the form's fields, the columns a contact is read with, what its history records. */
export const CONTACT_OWN_FIELDS = Object.keys(contactOwnFields) as Array<keyof typeof contactOwnFields>;

/** Body of POST /api/contacts and PUT /api/contacts/:id (PUT replaces every nested list). */
export const contactInputSchema = z
  .object({
    ...contactOwnFields,
    tags: z
      .array(safeText(z.string({ error: 'Tags must be a list of text' }).trim().min(1).max(100), 'Tags'), { error: 'Tags must be a list of text' })
      .max(100)
      .optional()
      .default([])
      .transform((tags) => [...new Set(tags)]),
    status: z
      .enum(CONTACT_STATUS_VALUES, { error: `Status must be one of: ${CONTACT_STATUS_VALUES.join(', ')}` })
      .optional()
      .default('active'),
    // Smart-list flags. Left out, they keep their stored value (a form without them clears nothing).
    isVolunteer: z.boolean({ error: 'Volunteer must be true or false' }).optional(),
    isBoardMember: z.boolean({ error: 'Board member must be true or false' }).optional(),
    phoneNumbers: list(phoneInput, 'Phone numbers'),
    emailAddresses: list(emailInput, 'Email addresses'),
    addresses: list(addressInput, 'Addresses'),
    associations: list(associationInput, 'Related contacts'),
    education: list(educationInput, 'Education'),
    employment: list(employmentInput, 'Employment'),
    notes: list(noteInput, 'Notes'),
  })
  .superRefine((input, ctx) => {
    if (!input.firstName && !input.lastName && !input.organization && !input.primaryEmail) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Please provide at least a name, organization, or email address' });
    }
  })
  .transform(withEmployerFromCurrentJob);

/**
 * Employer and occupation are what Schedule A reports for a contributor. A contact whose Employment
 * section holds a current position but whose Employer or Occupation was left blank takes them from
 * that position (company name, job title); values typed in stay as typed.
 */
function withEmployerFromCurrentJob<
  T extends { employer: string | null; occupation: string | null; employment: { isCurrent: boolean; companyName: string; jobTitle: string | null }[] },
>(contact: T): T {
  const current = contact.employment.find((job) => job.isCurrent);
  if (!current) return contact;
  return { ...contact, employer: contact.employer ?? current.companyName, occupation: contact.occupation ?? current.jobTitle };
}

export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

/** What the contact form's inputs hold where the API wants numbers: the education entries' text. */
export type ContactFormText = { education: { graduationYear: string; gpa: string }[] };

/**
 * The contact form's schema for the form's own value type: the API's, reading graduation year and GPA
 * from the inputs' text. The identity rule ("at least a name, organization, or email address")
 * reports at the root path ('').
 */
export function contactFormInput<Form extends ContactFormText>() {
  return z.preprocess(
    (form: Form) => ({
      ...form,
      education: form.education.map((entry) => ({
        ...entry,
        graduationYear: numberFromText(entry.graduationYear),
        gpa: numberFromText(entry.gpa),
      })),
    }),
    contactInputSchema,
  );
}
