import { useEffect, useState } from 'react';
import { api, keepPreviousData, useQuery } from '@caucus/platform';
import { GLOBAL_SEARCH_MAX_LENGTH, type GlobalSearchResponse } from '@caucus/contract';

/** Typing pauses this long before the suggestions are asked for, so a word is one request, not five. */
const DEBOUNCE_MS = 150;

/** Suggestions for what is typed in the top bar (GET /api/search), after a short pause; `term` is what they answer. */
export function useGlobalSearch(text: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const next = text.trim().slice(0, GLOBAL_SEARCH_MAX_LENGTH);
    const timer = setTimeout(() => setTerm(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery({
    queryKey: ['globalSearch', term],
    queryFn: ({ signal }) => api.get<GlobalSearchResponse>('/search', { query: { q: term }, signal }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return { ...query, term };
}
