import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTACTS_PAGE_SIZE, contactsKeys, fetchContact, fetchContacts } from '../api/contactsApi';

export function useContacts(page = 1) {
  const params = { limit: CONTACTS_PAGE_SIZE, offset: (page - 1) * CONTACTS_PAGE_SIZE };
  return useQuery({
    queryKey: contactsKeys.list(params),
    queryFn: ({ signal }) => fetchContacts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string) {
  return useQuery({
    queryKey: contactsKeys.detail(id),
    queryFn: ({ signal }) => fetchContact(id, signal),
  });
}
