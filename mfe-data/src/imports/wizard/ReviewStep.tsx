import { useMemo, useRef, useState } from 'react';
import { Button, Select, Toggle } from '@caucus/design-system';
import { IMPORT_TARGET_LABELS, IMPORT_TYPE_VALUES, isAllCapsName, LARGEST_FEC_LIMIT, titleCaseName, type ImportTargetField, type ImportType } from '@caucus/api/contract';
import { checkRowFully, today, type RowProblems } from '../parsing/checkRows';
import type { Mapping } from './autoMap';
import styles from './ImportWizard.module.css';

/** SPEC point 9: the review grid's page sizes (default 10) and its cells cut at 50 characters. */
export const PAGE_SIZES = [5, 10, 25, 50];
const cut = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

/** Fields holding people's names: the ones title case is offered for when a file writes them in capitals. */
const NAME_FIELDS = new Set<ImportTargetField>(['firstName', 'lastName', 'fullName', 'associateFirstName', 'associateLastName']);

/** Rows (by index) with a name in capitals: FEC files write "ORTIZ, SOLOMON". Kept as typed unless the user asks. */
export function capitalNameRows(rows: Record<string, string>[], nameHeaders: string[], edits: Map<number, Record<string, string>>): number[] {
  const found: number[] = [];
  if (nameHeaders.length === 0) return found;
  for (let index = 0; index < rows.length; index++) {
    const row = edits.get(index) ?? rows[index];
    if (nameHeaders.some((header) => isAllCapsName(row[header] ?? ''))) found.push(index);
  }
  return found;
}

/** Every row has this height, so the grid knows where any row is without measuring it. */
export const ROW_HEIGHT = 44;
/** Rows rendered above and below the visible ones, so a scroll shows rows at once. */
export const OVERSCAN = 5;
/** Browsers cap an element's height (Chrome near 33M px): past this, a scroll pixel moves more than a pixel of rows. */
const MAX_SCROLL_HEIGHT = 10_000_000;

export type ReviewState = {
  /** Rows with problems, by row index; checked in the parse worker, then again here on each edit. */
  problems: RowProblems;
  /** Rows without problems but with warnings (a future date, an amount over the largest FEC limit). */
  warnings: RowProblems;
  /** The user checked the rows with warnings and imports them as they are. */
  warningsConfirmed: boolean;
  /** Rows the user changed in the grid, by row index; the file's rows are never copied. */
  edits: Map<number, Record<string, string>>;
  /** Rows without problems that the user chose to leave out. */
  excluded: Set<number>;
  importType: ImportType;
};

/** Rows with warnings that will be sent (not left out). */
export function keptWarnings(state: ReviewState): number {
  let n = 0;
  for (const index of state.warnings.keys()) if (!state.excluded.has(index) && !state.problems.has(index)) n += 1;
  return n;
}

/** Rows that will be sent: no problems and not left out. */
export function keptCount(rowCount: number, state: ReviewState): number {
  let excludedValid = 0;
  for (const index of state.excluded) if (!state.problems.has(index)) excludedValid += 1;
  return rowCount - state.problems.size - excludedValid;
}

type Props = {
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
export function ReviewStep({ headers, mapping, rows, state, onChange }: Props) {
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

  const editCell = (rowIndex: number, header: string, value: string) => {
    const row = { ...rowAt(rowIndex), [header]: value };
    const edits = new Map(state.edits).set(rowIndex, row);
    const problems = new Map(state.problems);
    const warnings = new Map(state.warnings);
    const result = checkRowFully(row, mapping, today());
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

  const invalid = state.problems.size;
  const warned = keptWarnings(state);
  const label = (header: string) => IMPORT_TARGET_LABELS[mapping[header] as ImportTargetField];
  const visible: number[] = [];
  for (let position = start; position < end; position++) visible.push(position);

  return (
    <div className={styles.fields}>
      {invalid > 0 ? (
        <div role="status" className={styles.warning}>
          <strong>{invalid.toLocaleString('en-US')} rows have validation errors and will be skipped</strong>
          <span>Fix a cell by clicking it; the row is checked again at once.</span>
        </div>
      ) : null}
      {warned > 0 ? (
        <div role="status" className={styles.warning}>
          <strong>
            {warned.toLocaleString('en-US')} {warned === 1 ? 'row has values' : 'rows have values'} to check: a date in the future or an amount over{' '}
            {LARGEST_FEC_LIMIT.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })}
          </strong>
          <span>They are imported as they are once you confirm. Fix a cell by clicking it, or leave the row out.</span>
          <label className={styles.confirm}>
            <input type="checkbox" checked={state.warningsConfirmed} onChange={(event) => onChange({ ...state, warningsConfirmed: event.target.checked })} />
            I checked these rows: import them as they are
          </label>
        </div>
      ) : null}
      {capitals.length > 0 ? (
        <div className={styles.notice}>
          <span>
            {capitals.length.toLocaleString('en-US')} {capitals.length === 1 ? 'row writes' : 'rows write'} names in capitals (as FEC files do). They are imported as typed
            unless you change them.
          </span>
          <Button size="sm" variant="secondary" onClick={titleCaseNames}>
            Use title case for names
          </Button>
        </div>
      ) : null}
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
        <Toggle
          label="Show only rows with errors"
          checked={errorsOnly}
          onChange={(checked) => {
            setOnly(checked ? 'errors' : null);
            setFirst(0);
            if (viewport.current) viewport.current.scrollTop = 0;
          }}
        />
        {state.warnings.size > 0 ? (
          <Toggle
            label="Show only rows with warnings"
            checked={only === 'warnings'}
            onChange={(checked) => {
              setOnly(checked ? 'warnings' : null);
              setFirst(0);
              if (viewport.current) viewport.current.scrollTop = 0;
            }}
          />
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
              const row = rowAt(rowIndex);
              const rowErrors = state.problems.get(rowIndex) ?? [];
              const hasErrors = rowErrors.length > 0;
              const rowWarnings = hasErrors ? [] : (state.warnings.get(rowIndex) ?? []);
              const problemsText = [...rowErrors, ...rowWarnings.map((w) => ({ ...w, message: `Check: ${w.message}` }))].map((e) => e.message).join('; ');
              return (
                <tr key={rowIndex} style={{ height: ROW_HEIGHT }} aria-rowindex={position + 2} className={hasErrors ? styles.invalidRow : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      className={styles.rowCheck}
                      aria-label={`Import row ${rowIndex + 1}`}
                      checked={!hasErrors && !state.excluded.has(rowIndex)}
                      disabled={hasErrors}
                      onChange={(event) => toggleRow(rowIndex, event.target.checked)}
                    />
                  </td>
                  <td>{rowIndex + 1}</td>
                  {columns.map((header) => {
                    const cellErrors = rowErrors.filter((e) => e.field && fieldHeader.get(e.field) === header);
                    const cellWarnings = rowWarnings.filter((w) => w.field && fieldHeader.get(w.field) === header);
                    const value = row[header] ?? '';
                    const cellProblems = [...cellErrors, ...cellWarnings.map((w) => ({ message: `check: ${w.message}` }))].map((e) => e.message).join('; ');
                    const isEditing = editing?.row === rowIndex && editing.header === header;
                    return (
                      <td key={header} className={cellErrors.length > 0 ? styles.invalidCell : cellWarnings.length > 0 ? styles.warnedCell : undefined}>
                        {isEditing ? (
                          <input
                            className={styles.cellInput}
                            aria-label={`${label(header)}, row ${rowIndex + 1}`}
                            defaultValue={value}
                            autoFocus
                            onBlur={(event) => {
                              editCell(rowIndex, header, event.target.value);
                              setEditing(null);
                            }}
                            onKeyDown={(event) => {
                              if (event.key === 'Enter') event.currentTarget.blur();
                              if (event.key === 'Escape') setEditing(null);
                            }}
                          />
                        ) : (
                          <button
                            type="button"
                            className={styles.cellButton}
                            title={cellProblems || value}
                            aria-label={`Edit ${label(header)}, row ${rowIndex + 1}: ${value || 'empty'}${cellProblems ? ` (${cellProblems})` : ''}`}
                            onClick={() => setEditing({ row: rowIndex, header })}
                          >
                            {cut(value) || '\u00a0'}
                          </button>
                        )}
                      </td>
                    );
                  })}
                  <td className={styles.problems} title={problemsText}>
                    {problemsText}
                  </td>
                </tr>
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
