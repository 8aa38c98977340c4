import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { analytics, useWorkspaceDatePreferences } from '@caucus/platform';
import { SearchIcon } from '../icons';
import { toSuggestionGroups } from './suggestions';
import { useGlobalSearch } from './useGlobalSearch';
import { SEARCH_PLACEHOLDER } from './TopBarSearch';
import styles from './GlobalSearch.module.css';

export { SEARCH_PLACEHOLDER };

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export type GlobalSearchProps = {
  /** What was typed in the top bar before this module had loaded (TopBarSearch). */
  initialText?: string;
  /** Takes the focus the top bar's box had while this module loaded. */
  autoFocus?: boolean;
};

/**
 * The top bar's search (ARIA combobox with a grouped listbox): suggestions of contacts, campaigns,
 * events and lists as you type; arrow keys move, Enter opens the chosen one (or, with none chosen,
 * the full contacts result), Escape closes; Ctrl/Cmd+K focuses it from anywhere.
 */
export function GlobalSearch({ initialText = '', autoFocus = false }: GlobalSearchProps = {}) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const { data, isFetching, isSuccess, term } = useGlobalSearch(text);

  // The events' times print in the workspace's zone and format: a change of either reprints them.
  const preferences = useWorkspaceDatePreferences();
  const groups = useMemo(() => (data && text.trim() ? toSuggestionGroups(data, preferences, term) : []), [data, text, preferences, term]);
  const options = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  // 'No matches' only once the answer for exactly this text is in.
  const answered = isSuccess && !isFetching && term === text.trim();
  const expanded = open && text.trim().length > 0 && (options.length > 0 || answered);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    const handleShortcut = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', handleShortcut);
    return () => document.removeEventListener('keydown', handleShortcut);
  }, []);

  // New suggestions: nothing chosen until the user moves.
  useEffect(() => setActive(-1), [options]);

  // The chosen option stays in view when the arrow keys move past the list's visible part.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (href: string) => {
    close();
    setText('');
    inputRef.current?.blur();
    void navigate(href);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (expanded && active >= 0 && options[active]) {
      analytics.track('search', { source: 'top_bar_suggestion', length: text.trim().length });
      go(options[active].href);
      return;
    }
    const query = text.trim();
    analytics.track('search', { source: 'top_bar', length: query.length });
    close();
    void navigate(query ? `/dashboard/contacts?search=${encodeURIComponent(query)}` : '/dashboard/contacts');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (text) {
        setText('');
      }
    }
  };

  let index = -1;
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
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        autoComplete="off"
        // Only when it takes over from the top bar's box the user is typing in (TopBarSearch).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={handleKeyDown}
      />
      <kbd className={styles.shortcut} aria-hidden="true">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
      <div id={listId} role="listbox" aria-label="Search suggestions" className={styles.popup} hidden={!expanded}>
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className={styles.group}>
            <div id={`${listId}-${group.kind}`} role="presentation" className={styles.groupTitle}>
              {group.title}
            </div>
            {group.items.map((item) => {
              index += 1;
              const mine = index;
              return (
                <div
                  key={item.id}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={mine === active}
                  // Focus stays in the input (aria-activedescendant); -1 keeps the option out of the tab order.
                  tabIndex={-1}
                  className={styles.option}
                  // mousedown, not click: the input's blur would close the list before a click lands.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    go(item.href);
                  }}
                  // Moving, not entering: a list that opens under a resting pointer must not pick for the user.
                  onMouseMove={() => setActive(mine)}
                >
                  <span className={styles.optionLabel}>{item.label}</span>
                  {item.detail ? <span className={styles.optionDetail}>{item.detail}</span> : null}
                </div>
              );
            })}
          </div>
        ))}
        {expanded && options.length === 0 ? (
          <div className={styles.empty} role="presentation">
            No matches. Press Enter to search contacts.
          </div>
        ) : null}
      </div>
    </form>
  );
}
