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
/** data of GET /api/contacts/:id */
export type ContactDetailResponse = { contact: ContactSummary };
