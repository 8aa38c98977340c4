import { useMemo, useRef, useState } from 'react';
import { workspaceCalendarDate } from '@caucus/platform';
import { Select, Toggle } from '@caucus/design-system';
import { IMPORT_TARGET_LABELS, IMPORT_TYPE_VALUES, isAllCapsName, titleCaseName, type ImportTargetField, type ImportType } from '@caucus/contract';
import { checkRowFully } from '../../parsing/checkRows';
import type { Mapping } from '../autoMap';
import { MAX_SCROLL_HEIGHT, OVERSCAN, PAGE_SIZES, ROW_HEIGHT } from '../reviewGrid';
import { ReviewNotices } from '../ReviewNotices';
import { ReviewRow } from '../ReviewRow';
import { capitalNameRows, keptWarnings, type ReviewState } from './reviewState';
import styles from '../ImportWizard.module.css';

/** Fields holding people's names: the ones title case is offered for when a file writes them in capitals. */
const NAME_FIELDS = new Set<ImportTargetField>(['firstName', 'lastName', 'fullName', 'associateFirstName', 'associateLastName']);

export type ReviewStepProps = {
  headers: string[];
  mapping: Mapping;
  rows: Record<string, string>[];
  state: ReviewState;
  onChange: (state: ReviewState) => void;
};

/**
 * Step 4: every row checked, errors on their cells, a cell edit re-checks its row. The grid is a
 * window over all rows: only the rows in view (plus a few) are in the page, whatever the file's size.
 * The page size sets how many rows the window shows; Previous and Next move by that many.
 */
export function ReviewStep({ headers, mapping, rows, state, onChange }: ReviewStepProps) {
  const [pageSize, setPageSize] = useState(10);
  const [first, setFirst] = useState(0);
  const [only, setOnly] = useState<'errors' | 'warnings' | null>(null);
  const errorsOnly = only === 'errors';
  const [editing, setEditing] = useState<{ row: number; header: string } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const columns = headers.filter((h) => mapping[h]);
  const fieldHeader = useMemo(() => new Map(columns.map((h) => [mapping[h] as ImportTargetField, h])), [columns, mapping]);
  const nameHeaders = useMemo(() => headers.filter((h) => NAME_FIELDS.has(mapping[h] as ImportTargetField)), [headers, mapping]);
  const capitals = useMemo(() => capitalNameRows(rows, nameHeaders, state.edits), [rows, nameHeaders, state.edits]);

  const errorIndexes = useMemo(
    () => (only ? [...(only === 'errors' ? state.problems : state.warnings).keys()].sort((a, b) => a - b) : null),
    [only, state.problems, state.warnings],
  );
  const count = errorIndexes ? errorIndexes.length : rows.length;
  const rowIndexAt = (position: number) => (errorIndexes ? errorIndexes[position] : position);
  const rowAt = (index: number) => state.edits.get(index) ?? rows[index];

  const windowHeight = pageSize * ROW_HEIGHT;
  const fullHeight = count * ROW_HEIGHT;
  const scrollHeight = Math.min(fullHeight, MAX_SCROLL_HEIGHT);
  // Scroll pixels per pixel of rows (1 unless the file is too tall for the browser).
  const ratio = fullHeight > MAX_SCROLL_HEIGHT ? (fullHeight - windowHeight) / (MAX_SCROLL_HEIGHT - windowHeight) : 1;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const top = Math.min(first, Math.max(0, count - 1));
  const start = Math.max(0, top - OVERSCAN);
  const end = Math.min(count, top + pageSize + OVERSCAN);
  const page = top + pageSize >= count ? pageCount : Math.floor(top / pageSize) + 1;
  const scrollTopOf = (position: number) => (position * ROW_HEIGHT) / ratio;
  const topSpacer = Math.max(0, scrollTopOf(top) - (top - start) * ROW_HEIGHT);
  const bottomSpacer = Math.max(0, scrollHeight - topSpacer - (end - start) * ROW_HEIGHT);

  const scrollTo = (position: number) => {
    const clamped = Math.max(0, Math.min(position, Math.max(0, count - 1)));
    setFirst(clamped);
    if (viewport.current) viewport.current.scrollTop = scrollTopOf(clamped);
  };
  const handleScroll = () => {
    const scrollTop = viewport.current?.scrollTop ?? 0;
    // A pixel of slack: the browser may round the scroll position it was given.
    setFirst(Math.floor((scrollTop * ratio + 1) / ROW_HEIGHT));
  };
  const showOnly = (which: 'errors' | 'warnings' | null) => {
    setOnly(which);
    setFirst(0);
    if (viewport.current) viewport.current.scrollTop = 0;
  };

  const editCell = (rowIndex: number, header: string, value: string) => {
    const row = { ...rowAt(rowIndex), [header]: value };
    const edits = new Map(state.edits).set(rowIndex, row);
    const problems = new Map(state.problems);
    const warnings = new Map(state.warnings);
    const result = checkRowFully(row, mapping, workspaceCalendarDate());
    problems.delete(rowIndex);
    warnings.delete(rowIndex);
    if (result.errors.length > 0) problems.set(rowIndex, result.errors);
    else if (result.warnings.length > 0) warnings.set(rowIndex, result.warnings);
    // A new warning asks to be confirmed again.
    const warningsConfirmed = state.warningsConfirmed && !warnings.has(rowIndex);
    onChange({ ...state, edits, problems, warnings, warningsConfirmed });
  };

  /** One click: every name in capitals in title case (as edits: the file's rows are never copied). Case changes no check's outcome. */
  const titleCaseNames = () => {
    const edits = new Map(state.edits);
    for (const index of capitals) {
      const row = { ...(edits.get(index) ?? rows[index]) };
      for (const header of nameHeaders) if (isAllCapsName(row[header] ?? '')) row[header] = titleCaseName(row[header]);
      edits.set(index, row);
    }
    onChange({ ...state, edits });
  };

  const toggleRow = (rowIndex: number, selected: boolean) => {
    const excluded = new Set(state.excluded);
    if (selected) excluded.delete(rowIndex);
    else excluded.add(rowIndex);
    onChange({ ...state, excluded });
  };

  const label = (header: string) => IMPORT_TARGET_LABELS[mapping[header] as ImportTargetField];
  const visible: number[] = [];
  for (let position = start; position < end; position++) visible.push(position);

  return (
    <div className={styles.fields}>
      <ReviewNotices
        invalid={state.problems.size}
        warned={keptWarnings(state)}
        warningsConfirmed={state.warningsConfirmed}
        onWarningsConfirmedChange={(warningsConfirmed) => onChange({ ...state, warningsConfirmed })}
        capitals={capitals.length}
        onTitleCaseNames={titleCaseNames}
      />
      <div className={styles.reviewBar}>
        <Select
          label="Import type"
          value={state.importType}
          onChange={(event) => onChange({ ...state, importType: event.target.value as ImportType })}
          options={IMPORT_TYPE_VALUES.map((t) => ({ value: t, label: t.charAt(0).toUpperCase() + t.slice(1) }))}
        />
        <Select
          label="Rows per page"
          value={String(pageSize)}
          onChange={(event) => {
            setPageSize(Number(event.target.value));
            scrollTo(0);
          }}
          options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Toggle label="Show only rows with errors" checked={errorsOnly} onChange={(checked) => showOnly(checked ? 'errors' : null)} />
        {state.warnings.size > 0 ? (
          <Toggle label="Show only rows with warnings" checked={only === 'warnings'} onChange={(checked) => showOnly(checked ? 'warnings' : null)} />
        ) : null}
      </div>
      <div
        ref={viewport}
        className={styles.gridViewport}
        style={{ maxHeight: windowHeight + ROW_HEIGHT + 2 }}
        onScroll={handleScroll}
        role="region"
        aria-label="Rows to import"
        tabIndex={0}
      >
        <table className={`${styles.table} ${styles.reviewTable}`} aria-rowcount={count + 1}>
          <caption className={styles.srOnly}>Rows to import</caption>
          <thead>
            <tr style={{ height: ROW_HEIGHT }} aria-rowindex={1}>
              <th scope="col">Import</th>
              <th scope="col">Row</th>
              {columns.map((h) => (
                <th key={h} scope="col">
                  {label(h)}
                </th>
              ))}
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {topSpacer > 0 ? (
              <tr aria-hidden="true" className={styles.spacer} style={{ height: topSpacer }}>
                <td colSpan={columns.length + 3} />
              </tr>
            ) : null}
            {visible.map((position) => {
              const rowIndex = rowIndexAt(position);
              return (
                <ReviewRow
                  key={rowIndex}
                  rowIndex={rowIndex}
                  position={position}
                  row={rowAt(rowIndex)}
                  columns={columns}
                  labelOf={label}
                  fieldHeader={fieldHeader}
                  errors={state.problems.get(rowIndex) ?? []}
                  warnings={state.warnings.get(rowIndex) ?? []}
                  excluded={state.excluded.has(rowIndex)}
                  onIncludedChange={(included) => toggleRow(rowIndex, included)}
                  editingHeader={editing?.row === rowIndex ? editing.header : null}
                  onStartEdit={(header) => setEditing({ row: rowIndex, header })}
                  onEdit={(header, value) => {
                    editCell(rowIndex, header, value);
                    setEditing(null);
                  }}
                  onCancelEdit={() => setEditing(null)}
                />
              );
            })}
            {bottomSpacer > 0 ? (
              <tr aria-hidden="true" className={styles.spacer} style={{ height: bottomSpacer }}>
                <td colSpan={columns.length + 3} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label="Review pages">
        <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => scrollTo((page - 2) * pageSize)}>
          Previous
        </button>
        <span>
          Page {page.toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')}
        </span>
        <button type="button" className={styles.pageButton} disabled={page >= pageCount} onClick={() => scrollTo(page * pageSize)}>
          Next
        </button>
      </nav>
    </div>
  );
}
