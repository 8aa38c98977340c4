import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchImportHistory, HISTORY_REFRESH_MS, importsKeys } from '../api/importsApi';

export function useImportHistory(page: number) {
  return useQuery({
    queryKey: importsKeys.history(page),
    queryFn: ({ signal }) => fetchImportHistory(page, signal),
    placeholderData: keepPreviousData,
    // Imports run on the server; polling shows their progress without a reload.
    refetchInterval: HISTORY_REFRESH_MS,
  });
}
