import { api } from '@caucus/design-system/session';

/** The fields of a contact this section shows; the API sends more. */
export type Contact = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
  title: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  city: string | null;
  state: string | null;
  status: string;
  totalDonated: number | string | null;
};

export type ContactsPage = { contacts: Contact[]; total: number };

/** Spec point 9: the contacts list pages by 20. */
export const CONTACTS_PAGE_SIZE = 20;

export const contactsKeys = {
  all: ['contacts'] as const,
  list: (params: { limit: number; offset: number }) => ['contacts', 'list', params] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
};

export function fetchContacts(params: { limit: number; offset: number }, signal?: AbortSignal): Promise<ContactsPage> {
  return api.get<ContactsPage>('/contacts', { query: params, signal });
}

export function fetchContact(id: string, signal?: AbortSignal): Promise<Contact> {
  return api.get<Contact>(`/contacts/${encodeURIComponent(id)}`, { signal });
}
