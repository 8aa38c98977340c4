import { cx } from '../../utils/cx';
import { Button } from '../Button';
import styles from './Pagination.module.css';

export type PaginationProps = {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Total number of items; with itemLabel renders e.g. '(12 total lists)'. */
  total?: number;
  itemLabel?: string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /**
   * More pages than pageCount follow (a total counted only up to a cap): reads 'Page X of more than
   * Y', the page may be past Y, and Next stays enabled.
   */
  morePages?: boolean;
  className?: string;
};

export function Pagination({ page, pageCount, onPageChange, total, itemLabel = 'items', label = 'Pagination', morePages = false, className }: PaginationProps) {
  // An empty result still reads 'Page 1 of 1' rather than 'Page 1 of 0'.
  const pages = Math.max(1, pageCount);
  const current = morePages ? Math.max(1, page) : Math.min(Math.max(1, page), pages);
  return (
    <nav className={cx(styles.pagination, className)} aria-label={label}>
      <Button variant="secondary" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
        Previous
      </Button>
      <p className={styles.status} aria-live="polite">
        {`Page ${current.toLocaleString('en-US')} of ${morePages ? 'more than ' : ''}${pages.toLocaleString('en-US')}`}
        {total !== undefined ? ` (${total.toLocaleString('en-US')} total ${itemLabel})` : null}
      </p>
      <Button variant="secondary" size="sm" disabled={!morePages && current >= pages} onClick={() => onPageChange(current + 1)}>
        Next
      </Button>
    </nav>
  );
}
