import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchImportHistory, HISTORY_REFRESH_MS } from '../api/historyApi';
import { importsKeys, type HistoryQuery } from '../api/importsApi';

export function useImportHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: importsKeys.history(query),
    queryFn: ({ signal }) => fetchImportHistory(query, signal),
    placeholderData: keepPreviousData,
    // Imports run on the server; polling shows their progress without a reload.
    refetchInterval: HISTORY_REFRESH_MS,
  });
}
