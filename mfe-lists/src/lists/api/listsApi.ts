import { api, ApiError } from '@caucus/platform';
import type {
  ApplyRulesResponse,
  AvailableContactsResponse,
  ContactListInput,
  ContactListSummary,
  ContactListsResponse,
  ListMembersResponse,
  ListPreviewResponse,
  ListRule,
  ListSettings,
  ListSettingsResponse,
  ListStatsResponse,
  MembershipWhyResponse,
} from '@caucus/contract';

export type ContactList = ContactListSummary;
export type ContactListType = ContactList['type'];
export type ListTypeFilter = 'all' | ContactListType;

/**
 * Contact lists and list members page by 20; the Add Contacts search asks for 50
 * (docs/product/limits-and-defaults.md, Limits and sizes).
 */
export const LISTS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 20;
export const AVAILABLE_CONTACTS_LIMIT = 50;
/** Lists the rule builder's list picker offers at a time; beyond that it asks for a search. */
export const LIST_OPTIONS_LIMIT = 100;

export type ListsQuery = { page: number; search: string; type: ListTypeFilter };

export const listsKeys = {
  all: ['contact-lists'] as const,
  pages: () => ['contact-lists', 'page'] as const,
  page: (query: ListsQuery) => ['contact-lists', 'page', query] as const,
  detail: (id: string) => ['contact-lists', 'detail', id] as const,
  members: (id: string) => ['contact-lists', 'detail', id, 'members'] as const,
  membersPage: (id: string, page: number, search: string) => ['contact-lists', 'detail', id, 'members', page, search] as const,
  stats: (id: string) => ['contact-lists', 'detail', id, 'stats'] as const,
  available: (id: string, search: string) => ['contact-lists', 'detail', id, 'available', search] as const,
  why: (id: string, contactId: string) => ['contact-lists', 'detail', id, 'why', contactId] as const,
  preview: (rules: ListRule[]) => ['contact-lists', 'preview', rules] as const,
  options: (search: string) => ['contact-lists', 'options', search] as const,
  names: (ids: string[]) => ['contact-lists', 'names', ids] as const,
  settings: () => ['contact-lists', 'settings'] as const,
};

export function fetchContactLists(query: ListsQuery, signal?: AbortSignal, pageSize = LISTS_PAGE_SIZE): Promise<ContactListsResponse> {
  return api.get<ContactListsResponse>('/contact-lists', {
    query: {
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
      search: query.search || undefined,
      // The type is left out for all lists (docs/product/api.md, Contact lists).
      type: query.type === 'all' ? undefined : query.type,
      isActive: true,
    },
    signal,
  });
}

const base = (id: string) => `/contact-lists/${encodeURIComponent(id)}`;

export async function fetchContactList(id: string, signal?: AbortSignal): Promise<ContactList> {
  return (await api.get<{ list: ContactList }>(base(id), { signal })).list;
}

export async function createContactList(input: ContactListInput): Promise<ContactList> {
  return (await api.post<{ list: ContactList }>('/contact-lists', input)).list;
}

export async function updateContactList(id: string, input: ContactListInput): Promise<ContactList> {
  return (await api.patch<{ list: ContactList }>(base(id), input)).list;
}

export function deleteContactList(id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(base(id));
}

export function fetchMembers(id: string, page: number, search: string, signal?: AbortSignal): Promise<ListMembersResponse> {
  return api.get<ListMembersResponse>(`${base(id)}/contacts`, {
    query: { limit: MEMBERS_PAGE_SIZE, offset: (page - 1) * MEMBERS_PAGE_SIZE, search: search || undefined },
    signal,
  });
}

export function fetchStats(id: string, signal?: AbortSignal): Promise<ListStatsResponse> {
  return api.get<ListStatsResponse>(`${base(id)}/stats`, { signal });
}

export function fetchAvailableContacts(id: string, search: string, signal?: AbortSignal): Promise<AvailableContactsResponse> {
  return api.get<AvailableContactsResponse>(`${base(id)}/available-contacts`, {
    query: { search: search || undefined, limit: AVAILABLE_CONTACTS_LIMIT },
    signal,
  });
}

export function addMembers(id: string, contactIds: string[], notes?: string): Promise<{ added: number }> {
  return api.post<{ added: number }>(`${base(id)}/contacts`, { contactIds, notes });
}

export function removeMembers(id: string, contactIds: string[], reason?: string): Promise<{ removed: number }> {
  return api.delete<{ removed: number }>(`${base(id)}/contacts`, { body: { contactIds, reason } });
}

export function applyRules(id: string): Promise<ApplyRulesResponse> {
  return api.post<ApplyRulesResponse>(`${base(id)}/apply-rules`, {});
}

export function previewRules(rules: ListRule[], signal?: AbortSignal): Promise<ListPreviewResponse> {
  return api.post<ListPreviewResponse>('/contact-lists/preview', { rules }, { signal });
}

export function fetchWhy(id: string, contactId: string, signal?: AbortSignal): Promise<MembershipWhyResponse> {
  return api.get<MembershipWhyResponse>(`${base(id)}/contacts/${encodeURIComponent(contactId)}/why`, { signal });
}

export async function fetchListSettings(signal?: AbortSignal): Promise<ListSettings> {
  return (await api.get<ListSettingsResponse>('/contact-lists/settings', { signal })).settings;
}

export async function updateListSettings(settings: ListSettings): Promise<ListSettings> {
  return (await api.put<ListSettingsResponse>('/contact-lists/settings', settings)).settings;
}

/** Each list's name by id, null for a list that no longer exists (rules name lists by id). */
export async function fetchListNames(ids: string[], signal?: AbortSignal): Promise<Map<string, string | null>> {
  const names = await Promise.all(
    ids.map(async (id): Promise<[string, string | null]> => {
      try {
        return [id, (await fetchContactList(id, signal)).name];
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [id, null];
        throw error;
      }
    }),
  );
  return new Map(names);
}
