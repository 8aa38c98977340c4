import type { ContactDetail, ContactListResponse, ContactSummary } from '@caucus/contract';
import { api } from '@caucus/platform';
import type { ContactInput } from '../utils/contactForm';

/** The list shape and the detail shape are the API's own contract, so the two cannot drift. */
export type Contact = ContactSummary;
export type { ContactDetail };
export type ContactsPage = ContactListResponse;
/** GET /contacts/:id/with-images adds the signed profile image and document URLs. */
export type ContactWithImages = ContactDetail & {
  profileImageUrl?: string | null;
  signedImageUrls?: Record<string, string> | null;
};

/** The contacts list pages by 20 (docs/product/limits-and-defaults.md, Limits and sizes). */
export const CONTACTS_PAGE_SIZE = 20;
/** Related-contact candidates are loaded up to 1000 (docs/product/limits-and-defaults.md, Limits and sizes). */
export const ASSOCIATION_CANDIDATE_LIMIT = 1000;
/** The API caps one page at 100 (contract common.ts), so the 1000 candidates come in pages. */
const API_MAX_PAGE = 100;

export type ContactStatusFilter = 'all' | 'active' | 'inactive';
export type ContactListParams = { limit: number; offset: number; search?: string; status?: ContactStatusFilter };

export const contactsKeys = {
  all: ['contacts'] as const,
  list: (params: ContactListParams) => ['contacts', 'list', params] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  candidates: () => ['contacts', 'candidates'] as const,
};

export function fetchContacts(params: ContactListParams, signal?: AbortSignal): Promise<ContactsPage> {
  const query: Record<string, string | number> = { limit: params.limit, offset: params.offset };
  if (params.search) query.search = params.search;
  if (params.status && params.status !== 'all') query.status = params.status;
  return api.get<ContactsPage>('/contacts', { query, signal });
}

export async function fetchContact(id: string, signal?: AbortSignal): Promise<ContactWithImages> {
  const { contact } = await api.get<{ contact: ContactWithImages }>(`/contacts/${encodeURIComponent(id)}/with-images`, { signal });
  return contact;
}

export async function fetchAssociationCandidates(signal?: AbortSignal): Promise<Contact[]> {
  const candidates: Contact[] = [];
  for (let offset = 0; offset < ASSOCIATION_CANDIDATE_LIMIT; offset += API_MAX_PAGE) {
    const page = await fetchContacts({ limit: API_MAX_PAGE, offset }, signal);
    candidates.push(...page.contacts);
    if (page.contacts.length < API_MAX_PAGE || candidates.length >= page.total) break;
  }
  return candidates;
}

export async function createContact(input: ContactInput): Promise<ContactDetail> {
  const { contact } = await api.post<{ contact: ContactDetail }>('/contacts', input);
  return contact;
}

export async function updateContact(id: string, input: ContactInput): Promise<ContactDetail> {
  const { contact } = await api.put<{ contact: ContactDetail }>(`/contacts/${encodeURIComponent(id)}`, input);
  return contact;
}
