import { useMemo, useState } from 'react';
import { Select, Toggle } from '@caucus/design-system';
import {
  IMPORT_TARGET_LABELS,
  IMPORT_TYPE_VALUES,
  mapImportRow,
  validateImportRow,
  type ImportCellError,
  type ImportTargetField,
  type ImportType,
} from '@caucus/api/contract';
import type { Mapping } from './autoMap';
import styles from './ImportWizard.module.css';

const PAGE_SIZES = [5, 10, 25, 50];
const cut = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);
export const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The contract's row checks, the same the server runs again. */
export function checkRow(row: Record<string, string>, mapping: Mapping): ImportCellError[] {
  return validateImportRow(mapImportRow(row, mapping), today()).errors;
}

export type ReviewState = {
  rows: Record<string, string>[];
  errors: ImportCellError[][];
  excluded: Set<number>;
  importType: ImportType;
};

type Props = {
  headers: string[];
  mapping: Mapping;
  state: ReviewState;
  onChange: (state: ReviewState) => void;
};

/** Step 4: every row checked, errors on their cells, a cell edit re-checks its row. */
export function ReviewStep({ headers, mapping, state, onChange }: Props) {
  const [pageSize, setPageSize] = useState(10);
  const [page, setPage] = useState(1);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [editing, setEditing] = useState<{ row: number; header: string } | null>(null);
  const columns = headers.filter((h) => mapping[h]);
  const fieldHeader = useMemo(() => new Map(columns.map((h) => [mapping[h] as ImportTargetField, h])), [columns, mapping]);

  const indexes = useMemo(() => {
    const all = state.rows.map((_, i) => i);
    return errorsOnly ? all.filter((i) => state.errors[i].length > 0) : all;
  }, [state.rows, state.errors, errorsOnly]);
  const invalid = state.errors.filter((e) => e.length > 0).length;
  const pageCount = Math.max(1, Math.ceil(indexes.length / pageSize));
  const current = Math.min(page, pageCount);
  const visible = indexes.slice((current - 1) * pageSize, current * pageSize);

  const editCell = (rowIndex: number, header: string, value: string) => {
    const rows = state.rows.slice();
    rows[rowIndex] = { ...rows[rowIndex], [header]: value };
    const errors = state.errors.slice();
    errors[rowIndex] = checkRow(rows[rowIndex], mapping);
    onChange({ ...state, rows, errors });
  };

  const toggleRow = (rowIndex: number, selected: boolean) => {
    const excluded = new Set(state.excluded);
    if (selected) excluded.delete(rowIndex);
    else excluded.add(rowIndex);
    onChange({ ...state, excluded });
  };

  const errorFor = (rowIndex: number, header: string) => state.errors[rowIndex].filter((e) => e.field && fieldHeader.get(e.field) === header);

  return (
    <div className={styles.fields}>
      {invalid > 0 ? (
        <div role="status" className={styles.warning}>
          <strong>
            {invalid.toLocaleString('en-US')} rows have validation errors and will be skipped
          </strong>
          <span>Fix a cell by clicking it; the row is checked again at once.</span>
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
            setPage(1);
          }}
          options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Toggle
          label="Show only rows with errors"
          checked={errorsOnly}
          onChange={(checked) => {
            setErrorsOnly(checked);
            setPage(1);
          }}
        />
      </div>
      <div className={styles.tableWrap} role="region" aria-label="Rows to import" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>Rows to import</caption>
          <thead>
            <tr>
              <th scope="col">Import</th>
              <th scope="col">Row</th>
              {columns.map((h) => (
                <th key={h} scope="col">
                  {IMPORT_TARGET_LABELS[mapping[h] as ImportTargetField]}
                </th>
              ))}
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((rowIndex) => {
              const rowErrors = state.errors[rowIndex];
              const hasErrors = rowErrors.length > 0;
              return (
                <tr key={rowIndex} className={hasErrors ? styles.invalidRow : undefined}>
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
                    const cellErrors = errorFor(rowIndex, header);
                    const value = state.rows[rowIndex][header] ?? '';
                    const isEditing = editing?.row === rowIndex && editing.header === header;
                    return (
                      <td key={header} className={cellErrors.length > 0 ? styles.invalidCell : undefined}>
                        {isEditing ? (
                          <input
                            className={styles.cellInput}
                            aria-label={`${IMPORT_TARGET_LABELS[mapping[header] as ImportTargetField]}, row ${rowIndex + 1}`}
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
                            title={cellErrors.map((e) => e.message).join('; ') || value}
                            aria-label={`Edit ${IMPORT_TARGET_LABELS[mapping[header] as ImportTargetField]}, row ${rowIndex + 1}: ${value || 'empty'}${cellErrors.length ? ` (${cellErrors.map((e) => e.message).join('; ')})` : ''}`}
                            onClick={() => setEditing({ row: rowIndex, header })}
                          >
                            {cut(value) || '\u00a0'}
                          </button>
                        )}
                      </td>
                    );
                  })}
                  <td className={styles.problems}>{rowErrors.map((e) => e.message).join('; ')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label="Review pages">
        <button type="button" className={styles.pageButton} disabled={current <= 1} onClick={() => setPage(current - 1)}>
          Previous
        </button>
        <span>
          Page {current} of {pageCount}
        </span>
        <button type="button" className={styles.pageButton} disabled={current >= pageCount} onClick={() => setPage(current + 1)}>
          Next
        </button>
      </nav>
    </div>
  );
}
