import { api } from '@caucus/design-system/session';

export type ContactListType = 'static' | 'smart';

export type ContactList = {
  id: string;
  name: string;
  description: string | null;
  type: ContactListType;
  tags: string[] | null;
  memberCount: number;
  createdAt: string | null;
  creator: { firstName: string | null; lastName: string | null } | null;
  isActive: boolean;
};

export type ContactListsPage = { lists: ContactList[]; total: number };

/** Spec point 9: contact lists page by 20. */
export const LISTS_PAGE_SIZE = 20;

export const listsKeys = {
  all: ['contact-lists'] as const,
  page: (page: number) => ['contact-lists', 'page', page] as const,
};

export function fetchContactLists(page: number, signal?: AbortSignal): Promise<ContactListsPage> {
  return api.get<ContactListsPage>('/contact-lists', {
    query: { limit: LISTS_PAGE_SIZE, offset: (page - 1) * LISTS_PAGE_SIZE, isActive: true },
    signal,
  });
}
