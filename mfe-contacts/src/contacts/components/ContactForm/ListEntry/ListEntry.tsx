import type { ReactNode } from 'react';
import { Button } from '@caucus/design-system';
import layout from '../ContactForm.module.css';
import styles from './ListEntry.module.css';

export type ListEntryProps = {
  /** The entry's name, its fieldset's legend: "Phone 2". */
  title: string;
  onRemove: () => void;
  children: ReactNode;
  /** More actions beside Remove (an address's Up and Down). */
  extra?: ReactNode;
};

/** One entry of a list in the contact form (a phone, an address, a note): its fields and its Remove. */
export function ListEntry({ title, onRemove, children, extra }: ListEntryProps) {
  return (
    <fieldset className={styles.entry}>
      <legend className={styles.legend}>{title}</legend>
      <div className={layout.grid}>{children}</div>
      <div className={styles.entryActions}>
        {extra}
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
