import type { ImportCellError, ImportTargetField } from '@caucus/contract';
import { ROW_HEIGHT } from '../reviewGrid';
import styles from '../ImportWizard.module.css';

const cut = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

export type ReviewRowProps = {
  /** The row's index in the file (its row number less one). */
  rowIndex: number;
  /** Its place among the rows the grid shows (all, or only those with errors or warnings). */
  position: number;
  /** The row as it will be sent: the file's, or the user's edit of it. */
  row: Record<string, string>;
  /** The mapped headers: the grid's columns. */
  columns: string[];
  /** The label of the field a header is mapped to. */
  labelOf: (header: string) => string;
  /** The header each field is read from, so that a problem is shown on its cell. */
  fieldHeader: Map<ImportTargetField, string>;
  errors: ImportCellError[];
  warnings: ImportCellError[];
  /** The user left the row out. */
  excluded: boolean;
  onIncludedChange: (included: boolean) => void;
  /** The header of the cell being edited in this row, if one is. */
  editingHeader: string | null;
  onStartEdit: (header: string) => void;
  /** A cell's edit is done: its value is the row's and the row is checked again. */
  onEdit: (header: string, value: string) => void;
  onCancelEdit: () => void;
};

/**
 * One row of the review grid: whether it is imported, its cells (each a button that edits it, with
 * its problems in its name) and its problems. A row with errors is never imported as it is.
 */
export function ReviewRow({
  rowIndex,
  position,
  row,
  columns,
  labelOf,
  fieldHeader,
  errors,
  warnings,
  excluded,
  onIncludedChange,
  editingHeader,
  onStartEdit,
  onEdit,
  onCancelEdit,
}: ReviewRowProps) {
  const hasErrors = errors.length > 0;
  const rowWarnings = hasErrors ? [] : warnings;
  const problemsText = [...errors, ...rowWarnings.map((w) => ({ ...w, message: `Check: ${w.message}` }))].map((e) => e.message).join('; ');
  return (
    <tr style={{ height: ROW_HEIGHT }} aria-rowindex={position + 2} className={hasErrors ? styles.invalidRow : undefined}>
      <td>
        <input
          type="checkbox"
          className={styles.rowCheck}
          aria-label={`Import row ${rowIndex + 1}`}
          checked={!hasErrors && !excluded}
          disabled={hasErrors}
          onChange={(event) => onIncludedChange(event.target.checked)}
        />
      </td>
      <td>{rowIndex + 1}</td>
      {columns.map((header) => {
        const cellErrors = errors.filter((e) => e.field && fieldHeader.get(e.field) === header);
        const cellWarnings = rowWarnings.filter((w) => w.field && fieldHeader.get(w.field) === header);
        const value = row[header] ?? '';
        const cellProblems = [...cellErrors, ...cellWarnings.map((w) => ({ message: `check: ${w.message}` }))].map((e) => e.message).join('; ');
        return (
          <td key={header} className={cellErrors.length > 0 ? styles.invalidCell : cellWarnings.length > 0 ? styles.warnedCell : undefined}>
            {editingHeader === header ? (
              <input
                className={styles.cellInput}
                aria-label={`${labelOf(header)}, row ${rowIndex + 1}`}
                defaultValue={value}
                // The cell the user just chose to edit.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                onBlur={(event) => onEdit(header, event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.currentTarget.blur();
                  if (event.key === 'Escape') onCancelEdit();
                }}
              />
            ) : (
              <button
                type="button"
                className={styles.cellButton}
                title={cellProblems || value}
                aria-label={`Edit ${labelOf(header)}, row ${rowIndex + 1}: ${value || 'empty'}${cellProblems ? ` (${cellProblems})` : ''}`}
                onClick={() => onStartEdit(header)}
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
}
