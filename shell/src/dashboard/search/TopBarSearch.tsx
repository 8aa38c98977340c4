import { Suspense, lazy, startTransition, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { analytics } from '@caucus/platform';
import { SearchIcon } from '../icons';
import styles from './GlobalSearch.module.css';

// The suggestions (the combobox, its fetching and grouping) load when the box is first used: a
// dashboard opened and left alone does not download them (ADR 0014).
const GlobalSearch = lazy(() => import('./GlobalSearch').then((module) => ({ default: module.GlobalSearch })));

export const SEARCH_PLACEHOLDER = 'Search contacts, campaigns, events...';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

type BoxProps = { text: string; onText: (text: string) => void; onUse: () => void; onFocusChange: (focused: boolean) => void };

/**
 * GlobalSearch's markup before its module is there: the same box, in the same place, with Ctrl/Cmd+K
 * and Enter (the contacts result) working already. What is typed meanwhile is handed over.
 */
function SearchBox({ text, onText, onUse, onFocusChange }: BoxProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    const handleShortcut = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
      }
    };
    document.addEventListener('keydown', handleShortcut);
    return () => document.removeEventListener('keydown', handleShortcut);
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    analytics.track('search', { source: 'top_bar', length: query.length });
    void navigate(query ? `/dashboard/contacts?search=${encodeURIComponent(query)}` : '/dashboard/contacts');
  };

  return (
    <form className={styles.search} role="search" onSubmit={handleSubmit}>
      <span className={styles.searchIcon}>
        <SearchIcon />
      </span>
      <input
        ref={inputRef}
        type="search"
        className={styles.searchInput}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={listId}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        autoComplete="off"
        value={text}
        onChange={(event) => onText(event.target.value)}
        onFocus={() => {
          onFocusChange(true);
          onUse();
        }}
        onBlur={() => onFocusChange(false)}
        // A press focuses the box: the focus is handed over even if the module is there first.
        onPointerDown={() => {
          onFocusChange(true);
          onUse();
        }}
      />
      <kbd className={styles.shortcut} aria-hidden="true">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
      <div id={listId} role="listbox" aria-label="Search suggestions" className={styles.popup} hidden />
    </form>
  );
}

/** The top bar's search: the box at once, the suggestions from its first use (focus, a tap, Ctrl/Cmd+K). */
export function TopBarSearch() {
  const [used, setUsed] = useState(false);
  const [text, setText] = useState('');
  const focused = useRef(false);
  // A transition: the box stays on screen, focused and typed in, until GlobalSearch has loaded and
  // takes its place with what was typed.
  const handleUse = () => startTransition(() => setUsed(true));
  const box = (
    <SearchBox
      text={text}
      onText={setText}
      onUse={handleUse}
      onFocusChange={(next) => {
        focused.current = next;
      }}
    />
  );
  return (
    <Suspense fallback={box}>
      {/* Focus moves with the hand-over only when the user was typing in the box. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      {used ? <GlobalSearch initialText={text} autoFocus={focused.current} /> : box}
    </Suspense>
  );
}
