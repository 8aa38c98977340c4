import { CONTACT_OWN_FIELDS, type ContactDetail } from '@caucus/contract';

const opt = (values: string[]) => values.map((value) => ({ value, label: labelOf(value) }));
export function labelOf(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const STATUS_OPTIONS = opt(['active', 'inactive', 'do_not_contact', 'bounced']);
export const PHONE_TYPES = opt(['mobile', 'home', 'work', 'fax', 'other']);
export const EMAIL_TYPES = opt(['personal', 'work', 'other']);
export const ADDRESS_TYPES = opt(['home', 'work', 'mailing', 'other']);
export const ADDRESS_COUNTRIES = ['US', 'CA', 'MX', 'UK', 'AU', 'DE', 'FR', 'JP', 'other'].map((value) => ({
  value,
  label: value === 'other' ? 'Other' : value,
}));
export const RELATIONSHIP_TYPES = opt(['spouse', 'partner', 'parent', 'child', 'sibling', 'colleague', 'friend', 'business_partner', 'mentor', 'other']);
export const DEGREE_TYPES = [
  { value: 'high_school', label: 'High school' },
  { value: 'associate', label: 'Associate' },
  { value: 'bachelor', label: 'Bachelor' },
  { value: 'master', label: 'Master' },
  { value: 'doctorate', label: 'Doctorate' },
  { value: 'certificate', label: 'Certificate' },
  { value: 'other', label: 'Other' },
];
export const EMPLOYMENT_TYPES = opt(['full_time', 'part_time', 'contract', 'internship', 'volunteer', 'other']);
export const NOTE_TYPES = opt(['general', 'call', 'meeting', 'email', 'event', 'donation', 'follow_up', 'personal', 'other']);

export type PhoneForm = { phoneNumber: string; phoneType: string; isPrimary: boolean; extension: string; notes: string };
export type EmailForm = { emailAddress: string; emailType: string; isPrimary: boolean; notes: string };
export type AddressForm = {
  addressType: string;
  isPrimary: boolean;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  country: string;
  notes: string;
};
export type AssociationForm = { associatedContactId: string; relationshipType: string; relationshipDescription: string };
export type EducationForm = {
  institutionName: string;
  degreeType: string;
  degreeName: string;
  fieldOfStudy: string;
  graduationYear: string;
  gpa: string;
  honors: string;
  isCurrent: boolean;
  notes: string;
};
export type EmploymentForm = {
  companyName: string;
  jobTitle: string;
  department: string;
  employmentType: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
  salaryRange: string;
  description: string;
};
export type NoteForm = { id?: string; subject: string; content: string; noteType: string; isPrivate: boolean };

export const SCALAR_FIELDS = [...CONTACT_OWN_FIELDS, 'status'] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];

export type ContactFormValues = Record<ScalarField, string> & {
  /** Smart-list flags (rules 'Volunteer' and 'Board member'). */
  isVolunteer: boolean;
  isBoardMember: boolean;
  tags: string[];
  phoneNumbers: PhoneForm[];
  emailAddresses: EmailForm[];
  addresses: AddressForm[];
  associations: AssociationForm[];
  education: EducationForm[];
  employment: EmploymentForm[];
  notes: NoteForm[];
};

export function emptyContactForm(): ContactFormValues {
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((field) => [field, ''])) as Record<ScalarField, string>;
  return {
    ...scalars,
    country: 'US',
    status: 'active',
    isVolunteer: false,
    isBoardMember: false,
    tags: [],
    phoneNumbers: [],
    emailAddresses: [],
    addresses: [],
    associations: [],
    education: [],
    employment: [],
    notes: [],
  };
}

// The first phone, email or address added is primary (docs/product/screens.md, Contacts).
export const newPhone = (existing: PhoneForm[]): PhoneForm => ({
  phoneNumber: '',
  phoneType: 'mobile',
  isPrimary: existing.length === 0,
  extension: '',
  notes: '',
});
export const newEmail = (existing: EmailForm[]): EmailForm => ({
  emailAddress: '',
  emailType: 'personal',
  isPrimary: existing.length === 0,
  notes: '',
});
export const newAddress = (existing: AddressForm[]): AddressForm => ({
  addressType: 'home',
  isPrimary: existing.length === 0,
  streetAddress1: '',
  streetAddress2: '',
  city: '',
  stateProvince: '',
  postalCode: '',
  country: 'US',
  notes: '',
});
export const newAssociation = (): AssociationForm => ({ associatedContactId: '', relationshipType: 'friend', relationshipDescription: '' });
export const newEducation = (): EducationForm => ({
  institutionName: '',
  degreeType: '',
  degreeName: '',
  fieldOfStudy: '',
  graduationYear: '',
  gpa: '',
  honors: '',
  isCurrent: false,
  notes: '',
});
export const newEmployment = (): EmploymentForm => ({
  companyName: '',
  jobTitle: '',
  department: '',
  employmentType: '',
  startDate: '',
  endDate: '',
  isCurrent: false,
  salaryRange: '',
  description: '',
});
export const newNote = (): NoteForm => ({ subject: '', content: '', noteType: 'general', isPrivate: false });

/** Exactly one primary: marking one clears the others. */
export function markPrimary<T extends { isPrimary: boolean }>(items: T[], index: number): T[] {
  return items.map((item, i) => ({ ...item, isPrimary: i === index }));
}

/** Removing the primary entry hands primary to the new first one, so one always stays. */
export function removeAt<T extends object>(items: T[], index: number): T[] {
  const isPrimary = (item: T | undefined) => Boolean(item && 'isPrimary' in item && item.isPrimary);
  const rest = items.filter((_, i) => i !== index);
  if (isPrimary(items[index]) && rest.length > 0 && !rest.some(isPrimary)) {
    return rest.map((item, i) => ({ ...item, isPrimary: i === 0 }));
  }
  return rest;
}

export function move<T>(items: T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

const str = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export function formFromContact(contact: ContactDetail): ContactFormValues {
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((field) => [field, str(contact[field])])) as Record<ScalarField, string>;
  return {
    ...scalars,
    country: scalars.country || 'US',
    status: scalars.status || 'active',
    isVolunteer: contact.isVolunteer ?? false,
    isBoardMember: contact.isBoardMember ?? false,
    tags: contact.tags ?? [],
    phoneNumbers: (contact.phoneNumbers ?? []).map((p) => ({
      phoneNumber: p.phoneNumber,
      phoneType: p.phoneType,
      isPrimary: p.isPrimary,
      extension: str(p.extension),
      notes: str(p.notes),
    })),
    emailAddresses: (contact.emailAddresses ?? []).map((e) => ({
      emailAddress: e.emailAddress,
      emailType: e.emailType,
      isPrimary: e.isPrimary,
      notes: str(e.notes),
    })),
    addresses: (contact.addresses ?? []).map((a) => ({
      addressType: a.addressType,
      isPrimary: a.isPrimary,
      streetAddress1: a.streetAddress1,
      streetAddress2: str(a.streetAddress2),
      city: a.city,
      stateProvince: a.stateProvince,
      postalCode: a.postalCode,
      country: a.country || 'US',
      notes: str(a.notes),
    })),
    associations: (contact.associations ?? []).map((a) => ({
      associatedContactId: a.associatedContactId,
      relationshipType: a.relationshipType,
      relationshipDescription: str(a.relationshipDescription),
    })),
    education: (contact.education ?? []).map((e) => ({
      institutionName: e.institutionName,
      degreeType: str(e.degreeType),
      degreeName: str(e.degreeName),
      fieldOfStudy: str(e.fieldOfStudy),
      graduationYear: str(e.graduationYear),
      gpa: str(e.gpa),
      honors: str(e.honors),
      isCurrent: e.isCurrent,
      notes: str(e.notes),
    })),
    employment: (contact.employment ?? []).map((e) => ({
      companyName: e.companyName,
      jobTitle: str(e.jobTitle),
      department: str(e.department),
      employmentType: str(e.employmentType),
      startDate: str(e.startDate).slice(0, 10),
      endDate: str(e.endDate).slice(0, 10),
      isCurrent: e.isCurrent,
      salaryRange: str(e.salaryRange),
      description: str(e.description),
    })),
    notes: (contact.notes ?? []).map((n) => ({
      id: n.id,
      subject: str(n.subject),
      content: n.content,
      noteType: n.noteType,
      isPrivate: n.isPrivate,
    })),
  };
}

/** Which tab holds a field (an error path such as 'addresses.0.city'), so the form can open the first tab with an error. */
export function tabOfField(path: string): string {
  const head = path.split('.')[0];
  switch (head) {
    case 'phoneNumbers':
    case 'emailAddresses':
    case 'secondaryEmail':
    case 'primaryPhone':
    case 'secondaryPhone':
    case 'mobilePhone':
      return 'details';
    case 'addresses':
      return 'addresses';
    case 'associations':
      return 'related';
    case 'education':
      return 'education';
    case 'employment':
      return 'employment';
    case 'notes':
      return 'notes';
    default:
      return 'basic';
  }
}

const text = (value: string): string | null => (value.trim() ? value.trim() : null);

/** The body of POST/PUT /api/contacts (docs/product/api.md: scalars, ordered nested lists, tags). */
export function toContactInput(values: ContactFormValues) {
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((field) => [field, text(values[field])])) as Record<ScalarField, string | null>;
  return {
    ...scalars,
    country: scalars.country ?? 'US',
    status: scalars.status ?? 'active',
    isVolunteer: values.isVolunteer,
    isBoardMember: values.isBoardMember,
    tags: Array.from(new Set(values.tags.map((tag) => tag.trim()).filter(Boolean))),
    phoneNumbers: values.phoneNumbers
      .filter((p) => p.phoneNumber.trim())
      .map((p) => ({ phoneNumber: p.phoneNumber.trim(), phoneType: p.phoneType, isPrimary: p.isPrimary, extension: text(p.extension), notes: text(p.notes) })),
    emailAddresses: values.emailAddresses.map((e) => ({
      emailAddress: e.emailAddress.trim(),
      emailType: e.emailType,
      isPrimary: e.isPrimary,
      notes: text(e.notes),
    })),
    addresses: values.addresses.map((a) => ({
      addressType: a.addressType,
      isPrimary: a.isPrimary,
      streetAddress1: a.streetAddress1.trim(),
      streetAddress2: text(a.streetAddress2),
      city: a.city.trim(),
      stateProvince: a.stateProvince.trim(),
      postalCode: a.postalCode.trim(),
      country: a.country || 'US',
      notes: text(a.notes),
    })),
    associations: values.associations.map((a) => ({
      associatedContactId: a.associatedContactId,
      relationshipType: a.relationshipType,
      relationshipDescription: text(a.relationshipDescription),
    })),
    education: values.education.map((e) => ({
      institutionName: e.institutionName.trim(),
      degreeType: text(e.degreeType),
      degreeName: text(e.degreeName),
      fieldOfStudy: text(e.fieldOfStudy),
      graduationYear: e.graduationYear.trim() ? Number(e.graduationYear) : null,
      gpa: e.gpa.trim() ? Number(e.gpa) : null,
      honors: text(e.honors),
      isCurrent: e.isCurrent,
      notes: text(e.notes),
    })),
    employment: values.employment.map((e) => ({
      companyName: e.companyName.trim(),
      jobTitle: text(e.jobTitle),
      department: text(e.department),
      employmentType: text(e.employmentType),
      startDate: text(e.startDate),
      endDate: e.isCurrent ? null : text(e.endDate),
      isCurrent: e.isCurrent,
      salaryRange: text(e.salaryRange),
      description: text(e.description),
    })),
    // A saved note goes back with its id, so the API keeps who wrote it and when.
    notes: values.notes.map((n) => ({
      ...(n.id ? { id: n.id } : {}),
      subject: text(n.subject),
      content: n.content.trim(),
      noteType: n.noteType,
      isPrivate: n.isPrivate,
    })),
  };
}

export type ContactInput = ReturnType<typeof toContactInput>;
