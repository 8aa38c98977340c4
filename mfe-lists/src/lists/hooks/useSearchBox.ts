import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/** Long enough that typing a name sends one request, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box over a paged list: `search` follows the typed text once typing pauses, and a changed
 * search goes back to page one. An unchanged box (as on the first render) leaves the page alone, so it
 * never undoes a page the user has just turned to.
 */
export function useSearchBox(setPage: Dispatch<SetStateAction<number>>) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search, setPage]);

  return { searchText, setSearchText, search };
}
