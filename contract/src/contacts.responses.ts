// What the contacts routes answer, as zod schemas: the source of the response types in contacts.ts and
// of the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';
import { calendarDate, instant, nullableText, text } from './common.responses';
import { CONTACT_STATUS_VALUES } from './contacts';

export const contactSummarySchema = z
  .object({
    id: text,
    firstName: nullableText,
    lastName: nullableText,
    organization: nullableText,
    title: nullableText,
    primaryEmail: nullableText,
    secondaryEmail: nullableText,
    primaryPhone: nullableText,
    secondaryPhone: nullableText,
    mobilePhone: nullableText,
    addressLine1: nullableText,
    addressLine2: nullableText,
    city: nullableText,
    state: nullableText,
    zipCode: nullableText,
    country: nullableText,
    birthDate: calendarDate,
    occupation: nullableText,
    employer: nullableText,
    quickNotes: nullableText,
    tags: z.array(text),
    status: z.enum(CONTACT_STATUS_VALUES),
    totalDonated: z.number(),
    isVolunteer: z.boolean(),
    isBoardMember: z.boolean(),
    profileImageKey: nullableText,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'ContactSummary' });

export const contactListResponseSchema = z.object({
  contacts: z.array(contactSummarySchema),
  total: z.number().meta({ description: 'Exact unless moreThanTotal: a search stops counting past 1,000 matches' }),
  moreThanTotal: z.boolean().meta({ description: 'A search found more than total (1,000) contacts; the UI reads "more than 1,000"' }),
});

export const contactDocumentSchema = z
  .object({ key: text, fileName: text, mimeType: text, size: z.number().meta({ description: 'Bytes' }), uploadedAt: instant })
  .meta({ id: 'ContactDocument' });

/** A disbursement's receipts share the contact documents' shape (same files store, same limits). */
export const disbursementReceiptsSchema = z.object({ receipts: z.array(contactDocumentSchema) });
export type DisbursementReceipts = z.infer<typeof disbursementReceiptsSchema>;

export const contactDetailSchema = contactSummarySchema
  .extend({
    documentKeys: z.array(text),
    documents: z.array(contactDocumentSchema),
    phoneNumbers: z.array(z.object({ id: text, phoneNumber: text, phoneType: text, isPrimary: z.boolean(), extension: nullableText, notes: nullableText })),
    emailAddresses: z.array(z.object({ id: text, emailAddress: text, emailType: text, isPrimary: z.boolean(), notes: nullableText })),
    addresses: z.array(
      z.object({
        id: text,
        addressType: text,
        isPrimary: z.boolean(),
        streetAddress1: text,
        streetAddress2: nullableText,
        city: text,
        stateProvince: text,
        postalCode: text,
        country: text,
        notes: nullableText,
      }),
    ),
    associations: z.array(
      z.object({
        id: text,
        associatedContactId: text,
        relationshipType: text,
        relationshipDescription: nullableText,
        associatedContact: z.object({
          id: text,
          firstName: nullableText,
          lastName: nullableText,
          organization: nullableText,
          primaryEmail: nullableText,
        }),
      }),
    ),
    education: z.array(
      z.object({
        id: text,
        institutionName: text,
        degreeType: nullableText,
        degreeName: nullableText,
        fieldOfStudy: nullableText,
        graduationYear: z.number().nullable(),
        gpa: z.number().nullable(),
        honors: nullableText,
        isCurrent: z.boolean(),
        notes: nullableText,
      }),
    ),
    employment: z.array(
      z.object({
        id: text,
        companyName: text,
        jobTitle: nullableText,
        department: nullableText,
        employmentType: nullableText,
        startDate: calendarDate,
        endDate: calendarDate,
        isCurrent: z.boolean(),
        salaryRange: nullableText,
        description: nullableText,
      }),
    ),
    notes: z.array(
      z.object({
        id: text,
        subject: nullableText,
        content: text,
        noteType: text,
        isPrivate: z.boolean(),
        createdAt: instant,
        updatedAt: instant,
        creator: z.object({ id: text, firstName: text, lastName: text }).nullable(),
      }),
    ),
  })
  .meta({ id: 'ContactDetail' });

export const contactDetailResponseSchema = z.object({ contact: contactDetailSchema });
export const contactWithImagesResponseSchema = z.object({
  contact: contactDetailSchema.extend({
    profileImageUrl: nullableText.meta({ description: 'Signed, expiring URL; null without a profile image' }),
    signedImageUrls: z.record(z.string(), z.string()).meta({ description: 'Signed, expiring URLs of image documents, by key' }),
  }),
});
