import type { ContactDetail, ContactDetailResponse, ContactListResponse, ContactSummary } from '@caucus/api/contract';
import { api } from '@caucus/design-system/session';

/** The list shape and the detail shape are the API's own contract, so the two cannot drift. */
export type Contact = ContactSummary;
export type { ContactDetail };
export type ContactsPage = ContactListResponse;

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

export async function fetchContact(id: string, signal?: AbortSignal): Promise<ContactDetail> {
  const { contact } = await api.get<ContactDetailResponse>(`/contacts/${encodeURIComponent(id)}`, { signal });
  return contact;
}
