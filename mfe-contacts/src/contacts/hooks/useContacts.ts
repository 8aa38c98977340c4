import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTACTS_PAGE_SIZE, contactsKeys, fetchAssociationCandidates, fetchContact, fetchContacts, type ContactStatusFilter } from '../api/contactsApi';

export function useContacts(page = 1, search = '', status: ContactStatusFilter = 'all') {
  const params = { limit: CONTACTS_PAGE_SIZE, offset: (page - 1) * CONTACTS_PAGE_SIZE, search, status };
  return useQuery({
    queryKey: contactsKeys.list(params),
    queryFn: ({ signal }) => fetchContacts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string | undefined) {
  return useQuery({
    queryKey: contactsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchContact(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useAssociationCandidates() {
  return useQuery({
    queryKey: contactsKeys.candidates(),
    queryFn: ({ signal }) => fetchAssociationCandidates(signal),
  });
}
