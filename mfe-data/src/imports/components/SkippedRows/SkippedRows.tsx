import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorState, Spinner, VisuallyHidden } from '@caucus/design-system';
import { toast, workspaceCalendarDate } from '@caucus/platform';
import { IMPORT_TARGET_LABELS, type ImportSkippedRow, type ImportTargetField } from '@caucus/contract';
import { fetchSkippedRows, importFixedRows } from '../../api/historyApi';
import { importsKeys } from '../../api/importsApi';
import { checkRow } from '../../parsing/checkRows';
import styles from './SkippedRows.module.css';

type Props = { importId: string; fileName: string; onImported: () => void };

/**
 * Rows per request. The route takes up to MAX_FIXED_ROWS_PER_REQUEST, but it reads the API's small
 * body limit (BODY_LIMIT_BYTES, 1 MiB by default), not the upload's: 100 rows of a 78-column FEC
 * export stay far below it.
 */
const FIXED_ROWS_PER_REQUEST = 100;
type Row = Record<string, string>;

/**
 * An import's skipped rows, fixed in place: each cell is editable and its row is checked again with
 * the contract's checks as it changes (as in the review step); a row that passes is chosen to import.
 * Chosen rows go into the same import (POST /:id/skipped), where the server checks them again.
 * Loaded when opened: the contract's checks (and zod) are not part of the history tab's first view.
 */
export function SkippedRows({ importId, fileName, onImported }: Props) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Map<number, Row>>(new Map());
  /** Rows chosen to import, by row number, with their cells as they were when chosen (kept across pages). */
  const [chosen, setChosen] = useState<Map<number, Row>>(new Map());
  const query = useQuery({
    queryKey: [...importsKeys.all, 'skipped', importId, page],
    queryFn: ({ signal }) => fetchSkippedRows(importId, page, signal),
    placeholderData: keepPreviousData,
  });

  const send = useMutation({
    mutationFn: async () => {
      const rows = [...chosen].map(([rowNumber, row]) => ({ rowNumber, row: edits.get(rowNumber) ?? row }));
      for (let from = 0; from < rows.length; from += FIXED_ROWS_PER_REQUEST) await importFixedRows(importId, rows.slice(from, from + FIXED_ROWS_PER_REQUEST));
      return rows.length;
    },
    onSuccess: (count) => {
      toast.success('Fixed rows sent', `${count.toLocaleString('en-US')} ${count === 1 ? 'row is' : 'rows are'} being imported into ${fileName}.`);
      void queryClient.invalidateQueries({ queryKey: importsKeys.all });
      onImported();
    },
    onError: (error) => toast.error('Import of fixed rows failed', error instanceof Error ? error.message : undefined),
  });

  if (query.isPending) return <Spinner label="Loading skipped rows" />;
  if (query.isError) return <ErrorState title="Failed to load skipped rows" error={query.error} onRetry={() => void query.refetch()} />;

  const { headers, mapping, rows, total, totalPages } = query.data;
  const columns = headers.filter((h) => mapping[h]);
  const label = (header: string) => IMPORT_TARGET_LABELS[mapping[header] as ImportTargetField] ?? header;
  const day = workspaceCalendarDate();
  const current = (r: ImportSkippedRow): Row => edits.get(r.rowNumber) ?? r.cells;
  const problemsOf = (r: ImportSkippedRow) => checkRow(current(r), mapping, day);

  const edit = (r: ImportSkippedRow, header: string, value: string) => {
    const row = { ...current(r), [header]: value };
    setEdits(new Map(edits).set(r.rowNumber, row));
    // A row that passes the checks once edited is chosen; one that does not cannot be.
    const next = new Map(chosen);
    if (checkRow(row, mapping, day).length === 0) next.set(r.rowNumber, row);
    else next.delete(r.rowNumber);
    setChosen(next);
  };
  const choose = (r: ImportSkippedRow, yes: boolean) => {
    const next = new Map(chosen);
    if (yes) next.set(r.rowNumber, current(r));
    else next.delete(r.rowNumber);
    setChosen(next);
  };

  return (
    <div className={styles.body}>
      <p className={styles.intro}>
        {total.toLocaleString('en-US')} skipped {total === 1 ? 'row' : 'rows'}. Correct a cell and its row is checked again; rows ready to import are ticked.
        They are imported into this same import, so its history, report and undo cover them.
      </p>
      <div className={styles.viewport} role="region" aria-label="Skipped rows" tabIndex={0}>
        <table className={styles.table}>
          <caption>
            <VisuallyHidden>Skipped rows of {fileName}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">Import</th>
              <th scope="col">Row</th>
              {columns.map((h) => (
                <th key={h} scope="col">
                  {label(h)}
                </th>
              ))}
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const problems = problemsOf(r);
              const edited = edits.has(r.rowNumber);
              const row = current(r);
              // The server's reason (a duplicate transaction id, a contact not found) until the row is edited.
              const problem = problems.length > 0 ? problems.map((p) => p.message).join('; ') : edited ? '' : r.reason;
              return (
                <tr key={r.rowNumber}>
                  <td>
                    <input
                      type="checkbox"
                      className={styles.check}
                      aria-label={`Import row ${r.rowNumber}`}
                      checked={chosen.has(r.rowNumber)}
                      disabled={problems.length > 0}
                      onChange={(event) => choose(r, event.target.checked)}
                    />
                  </td>
                  <td>{r.rowNumber}</td>
                  {columns.map((h) => {
                    const invalid = problems.some((p) => p.field === mapping[h]);
                    return (
                      <td key={h}>
                        <input
                          className={styles.input}
                          aria-label={`${label(h)}, row ${r.rowNumber}`}
                          aria-invalid={invalid}
                          value={row[h] ?? ''}
                          onChange={(event) => edit(r, h, event.target.value)}
                        />
                      </td>
                    );
                  })}
                  <td className={problem ? styles.problem : styles.ready}>{problem || 'Ready to import'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.bar}>
        <nav className={styles.pager} aria-label="Skipped rows pages">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {totalPages}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
        <Button onClick={() => send.mutate()} disabled={chosen.size === 0} loading={send.isPending}>
          Import {chosen.size.toLocaleString('en-US')} fixed {chosen.size === 1 ? 'row' : 'rows'}
        </Button>
      </div>
    </div>
  );
}

export default SkippedRows;
