import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../utils/cx';
import styles from './Tabs.module.css';

export type TabItem = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
};

export type TabsProps = {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled selected tab id. */
  value?: string;
  /** Initially selected tab id when uncontrolled (default: the first enabled tab). */
  defaultValue?: string;
  onChange?: (id: string) => void;
  /** Keep hidden panels mounted so their local state survives switching. */
  keepMounted?: boolean;
  className?: string;
};

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function Tabs({ items, label, value, defaultValue, onChange, keepMounted = false, className }: TabsProps) {
  const baseId = useId();
  const firstEnabled = items.find((item) => !item.disabled)?.id ?? '';
  const [internal, setInternal] = useState(defaultValue ?? firstEnabled);
  const selected = value ?? internal;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (value === undefined) setInternal(id);
    if (id !== selected) onChange?.(id);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const enabled = items.filter((item) => !item.disabled);
    const index = enabled.findIndex((item) => item.id === selected);
    let next: TabItem | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = enabled[(index + 1) % enabled.length];
        break;
      case 'ArrowLeft':
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (!next) return;
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className={cx(styles.tabs, className)}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {items.map((item) => {
          const active = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={active}
              aria-controls={panelId(item.id)}
              tabIndex={active ? 0 : -1}
              disabled={item.disabled}
              className={cx(styles.tab, active && styles.active)}
              onClick={() => select(item.id)}
              onKeyDown={handleKeyDown}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const active = item.id === selected;
        if (!active && !keepMounted) return null;
        return (
          <div key={item.id} role="tabpanel" id={panelId(item.id)} aria-labelledby={tabId(item.id)} hidden={!active} tabIndex={0} className={styles.panel}>
            {item.content}
          </div>
        );
      })}
    </div>
  );
}
