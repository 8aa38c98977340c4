import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchContactLists, listsKeys } from '../api/listsApi';

export function useContactLists(page: number) {
  return useQuery({
    queryKey: listsKeys.page(page),
    queryFn: ({ signal }) => fetchContactLists(page, signal),
    placeholderData: keepPreviousData,
  });
}
