import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { EmptyState } from '../EmptyState';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import styles from './DataTable.module.css';

export type DataTableProps<TData> = {
  data: TData[];
  // TanStack column defs carry a value type per column; `any` here is the library's own idiom.
  // Each column reads a value of its own type: TanStack's documented way to type a mixed list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  /** Accessible caption; visually hidden unless showCaption. */
  caption: string;
  showCaption?: boolean;
  getRowId?: (row: TData, index: number) => string;
  onRowClick?: (row: TData) => void;
  /** Accessible name of a clickable row, e.g. (contact) => `Open ${contact.name}`. */
  rowLabel?: (row: TData) => string;
  /** Rows per page; pagination shows only when set. */
  pageSize?: number;
  /** Noun of the total in the pagination text, e.g. 'lists' -> '(12 total lists)'. */
  itemLabel?: string;
  initialSorting?: SortingState;
  enableSorting?: boolean;
  loading?: boolean;
  /** Shown instead of the body when there are no rows. */
  emptyState?: ReactNode;
  emptyMessage?: string;
  className?: string;
};

function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

export function DataTable<TData>({
  data,
  columns,
  caption,
  showCaption = false,
  getRowId,
  onRowClick,
  rowLabel,
  pageSize,
  itemLabel,
  initialSorting = [],
  enableSorting = true,
  loading = false,
  emptyState,
  emptyMessage = 'No results found',
  className,
}: DataTableProps<TData>) {
  const captionId = useId();
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: pageSize ?? Math.max(data.length, 1) });
  const paginated = pageSize !== undefined;

  const table = useReactTable({
    data,
    columns,
    state: { sorting, ...(paginated ? { pagination } : {}) },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    enableSorting,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(paginated ? { getPaginationRowModel: getPaginationRowModel() } : {}),
    // Keep the user's page when data refreshes; clamp below instead.
    autoResetPageIndex: false,
  });

  const pageCount = paginated ? Math.max(1, table.getPageCount()) : 1;
  const pageIndex = Math.min(pagination.pageIndex, pageCount - 1);
  if (paginated && pageIndex !== pagination.pageIndex) {
    setPagination((current) => ({ ...current, pageIndex }));
  }

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;

  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<TData>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row.original);
    }
  };

  return (
    <div className={cx(styles.container, className)}>
      {/* A named, focusable region: on a narrow screen the table scrolls sideways, and a keyboard
          user scrolls it with the arrow keys once it has focus (there may be nothing else in it to
          focus, e.g. a table without sorting). */}
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-busy={loading || undefined}>
          <caption id={captionId} className={showCaption ? styles.caption : styles.srOnly}>
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th key={header.id} scope="col" colSpan={header.colSpan} aria-sort={sortable ? ariaSort(direction) : undefined} className={styles.th}>
                      {sortable ? (
                        <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
                          {content}
                          <span className={cx(styles.sortIcon, direction && styles.sortActive)} aria-hidden="true">
                            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading && rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className={styles.stateCell}>
                  <Spinner label="Loading" />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className={styles.stateCell}>
                  {emptyState ?? <EmptyState title={emptyMessage} />}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={cx(styles.row, onRowClick && styles.clickable)}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  onKeyDown={onRowClick ? (event) => handleRowKeyDown(event, row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  aria-label={onRowClick && rowLabel ? rowLabel(row.original) : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={styles.td}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {paginated && data.length > 0 ? (
        <Pagination
          page={pageIndex + 1}
          pageCount={pageCount}
          onPageChange={(page) => table.setPageIndex(page - 1)}
          total={itemLabel ? data.length : undefined}
          itemLabel={itemLabel}
        />
      ) : null}
    </div>
  );
}
