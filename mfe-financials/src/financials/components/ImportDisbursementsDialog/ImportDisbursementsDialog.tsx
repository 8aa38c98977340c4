import { useMemo, useState, type ChangeEvent } from 'react';
import { Button, Modal, Select, Spinner } from '@caucus/design-system';
import { ApiError, toast, useMutation, useQueryClient, formatUsd } from '@caucus/platform';
import {
  DISBURSEMENT_IMPORT_FIELDS,
  DISBURSEMENT_IMPORT_LABELS,
  MAX_DISBURSEMENT_IMPORT_ROWS,
  REQUIRED_DISBURSEMENT_IMPORT_FIELDS,
  disbursementFromImportRow,
  importLineOf,
  type DisbursementImportCells,
  type DisbursementImportField,
} from '@caucus/contract';
import { importDisbursements } from '../../api/financialsApi';
import styles from '../Financials.module.css';
import { SPREADSHEET_ACCEPT, readSpreadsheet, type Sheet } from './readSpreadsheet';

type Mapping = Partial<Record<DisbursementImportField, string>>;

/** Header words that name each field, for the first guess of the mapping. */
const GUESSES: Record<DisbursementImportField, RegExp> = {
  payee: /payee|vendor|paid to|recipient|name/i,
  amount: /amount|total|sum/i,
  date: /date|paid on|^day$|^when$/i,
  purpose: /purpose|description/i,
  categoryCode: /categ|^(fec )?code$/i,
  checkNumber: /check|cheque/i,
  memo: /memo|note/i,
  street: /street|address/i,
  city: /city|town/i,
  state: /^state$|province/i,
  zip: /zip|postal/i,
};

export function guessMapping(headers: string[]): Mapping {
  const mapping: Mapping = {};
  const taken = new Set<string>();
  for (const field of DISBURSEMENT_IMPORT_FIELDS) {
    const header = headers.find((h) => !taken.has(h) && GUESSES[field].test(h));
    if (header) {
      mapping[field] = header;
      taken.add(header);
    }
  }
  return mapping;
}

const cellsOf = (row: Record<string, string>, mapping: Mapping): DisbursementImportCells =>
  Object.fromEntries(DISBURSEMENT_IMPORT_FIELDS.filter((f) => mapping[f]).map((f) => [f, row[mapping[f] as string] ?? ''])) as DisbursementImportCells;

type Step = 'upload' | 'map' | 'review' | 'done';
const STEP_TITLES: Record<Step, string> = { upload: '1. Upload file', map: '2. Map columns', review: '3. Review', done: '4. Imported' };

/** Upload a CSV or XLSX, map its columns, review every row with the form's rules, then import in one go. */
export function ImportDisbursementsDialog({ committeeId, onClose }: { committeeId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<{ imported: number; total: number; skipped: number } | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    setReading(true);
    try {
      const read = await readSpreadsheet(file);
      if (read.rows.length > MAX_DISBURSEMENT_IMPORT_ROWS) throw new Error(`At most ${MAX_DISBURSEMENT_IMPORT_ROWS} rows per import`);
      setSheet(read);
      setMapping(guessMapping(read.headers));
      setStep('map');
    } catch (err) {
      setFileError(err instanceof Error ? err.message : 'File is empty or invalid');
    } finally {
      setReading(false);
    }
  };

  const unmapped = REQUIRED_DISBURSEMENT_IMPORT_FIELDS.filter((field) => !mapping[field]);
  const checked = useMemo(
    () =>
      (step === 'review' || step === 'done') && sheet
        ? sheet.rows.map((row, index) => ({
            line: importLineOf(index),
            cells: cellsOf(row, mapping),
            ...disbursementFromImportRow(committeeId, cellsOf(row, mapping)),
          }))
        : [],
    [step, sheet, mapping, committeeId],
  );
  const valid = checked.filter((row) => row.values);
  const invalid = checked.filter((row) => !row.values);
  const validTotal = valid.reduce((sum, row) => sum + Math.round((row.values?.amount ?? 0) * 100), 0) / 100;

  const run = useMutation({
    mutationFn: (validOnly: boolean) => importDisbursements({ committeeId, rows: checked.map((row) => row.cells), validOnly }),
    onSuccess: async (data) => {
      setResult({ imported: data.imported, total: data.total, skipped: data.skipped.length });
      setStep('done');
      toast.success('Disbursements imported', `${data.imported} recorded`);
      await queryClient.invalidateQueries({ queryKey: ['financials'] });
    },
    onError: (error) => toast.error('Nothing was imported', error instanceof ApiError ? error.message : 'Please try again'),
  });

  return (
    <Modal open size="lg" title={`Import disbursements: ${STEP_TITLES[step]}`} onClose={onClose}>
      <div className={styles.stack}>
        {step === 'upload' ? (
          <>
            <p className={styles.hint}>
              A CSV, XLS or XLSX file with one disbursement a row: payee, amount, date and purpose, and if you have them the FEC category (001-012), check
              number and memo.
            </p>
            <label className={styles.stack}>
              <span>Disbursements file</span>
              <input type="file" accept={SPREADSHEET_ACCEPT} onChange={(event) => void handleFile(event)} disabled={reading} />
            </label>
            {reading ? <Spinner label="Reading the file" /> : null}
            {fileError ? (
              <p role="alert" className={styles.error}>
                {fileError}
              </p>
            ) : null}
          </>
        ) : null}

        {step === 'map' && sheet ? (
          <>
            <p className={styles.hint}>
              {sheet.fileName}: {sheet.rows.length} rows. Choose the column of the file that holds each field.
            </p>
            <div className={styles.grid}>
              {DISBURSEMENT_IMPORT_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={`${DISBURSEMENT_IMPORT_LABELS[field]}${REQUIRED_DISBURSEMENT_IMPORT_FIELDS.includes(field) ? ' (required)' : ''}`}
                  value={mapping[field] ?? ''}
                  placeholder="Not in the file"
                  options={sheet.headers.map((header) => ({ value: header, label: header }))}
                  onChange={(event) => setMapping((current) => ({ ...current, [field]: event.target.value || undefined }))}
                />
              ))}
            </div>
            {unmapped.length > 0 ? (
              <p role="alert" className={styles.error}>
                Map a column to {unmapped.map((field) => DISBURSEMENT_IMPORT_LABELS[field]).join(', ')}
              </p>
            ) : null}
            <div className={styles.footer}>
              <Button variant="secondary" onClick={() => setStep('upload')}>
                Back
              </Button>
              <Button disabled={unmapped.length > 0} onClick={() => setStep('review')}>
                Review rows
              </Button>
            </div>
          </>
        ) : null}

        {step === 'review' ? (
          <>
            <p>
              {valid.length} of {checked.length} rows are ready ({formatUsd(validTotal)}).
              {invalid.length > 0 ? ` ${invalid.length} ${invalid.length === 1 ? 'row has' : 'rows have'} errors.` : ''}
            </p>
            {invalid.length > 0 ? (
              <div className={styles.tableWrap} role="region" aria-label="Rows with errors" tabIndex={0}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">Errors</th>
                    </tr>
                  </thead>
                  <tbody>
                    {invalid.slice(0, 200).map((row) => (
                      <tr key={row.line}>
                        <td>{row.line}</td>
                        <td>
                          {row.errors.map((error) => (
                            <div key={`${error.field}-${error.message}`}>
                              {error.field ? <strong>{DISBURSEMENT_IMPORT_LABELS[error.field]}: </strong> : null}
                              {error.message}
                            </div>
                          ))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <div className={styles.footer}>
              <Button variant="secondary" onClick={() => setStep('map')} disabled={run.isPending}>
                Back to mapping
              </Button>
              {invalid.length === 0 ? (
                <Button loading={run.isPending} onClick={() => run.mutate(false)}>
                  Import {valid.length} disbursements
                </Button>
              ) : valid.length > 0 ? (
                <Button loading={run.isPending} onClick={() => run.mutate(true)}>
                  Import the {valid.length} valid rows, skip {invalid.length}
                </Button>
              ) : null}
            </div>
            {invalid.length > 0 ? <p className={styles.hint}>Or fix the file and upload it again: nothing is written until you choose.</p> : null}
          </>
        ) : null}

        {step === 'done' && result ? (
          <>
            <p role="status">
              Imported {result.imported} {result.imported === 1 ? 'disbursement' : 'disbursements'} ({formatUsd(result.total)}).
              {result.skipped > 0 ? ` ${result.skipped} ${result.skipped === 1 ? 'row' : 'rows'} skipped.` : ''}
            </p>
            <div className={styles.footer}>
              <Button onClick={onClose}>Done</Button>
            </div>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
