import { useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ProgressBar, Spinner } from '@caucus/design-system';
import { checkFileContent, checkImportFile, HEADERS_ONLY_MESSAGE, parseImportFile, type ParseJob } from '../parsing/parseFile';
import type { ParsedFile } from '../parsing/types';
import styles from './ImportWizard.module.css';

export type UploadError = { title: string; detail: string };

type Props = {
  parsed: ParsedFile | null;
  /** The parsed file and its worker, kept alive for the review's row checks (the wizard closes it). */
  onParsed: (file: ParsedFile | null, job?: ParseJob) => void;
  busy: boolean;
  onBusy: (busy: boolean) => void;
};

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/**
 * Step 2: CSV, XLS or XLSX, parsed in a Web Worker with a progress bar. A workbook gives no progress
 * while SheetJS reads it: a spinner says so, then the bar follows the rows converted.
 */
export function UploadStep({ parsed, onParsed, busy, onBusy }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(0);
  const [error, setError] = useState<UploadError | null>(null);
  const inFlight = useRef<ParseJob | null>(null);
  /** The latest file chosen: a file chosen while an earlier one is being checked wins. */
  const latest = useRef(0);

  const handleFile = async (next: File) => {
    inFlight.current?.close();
    inFlight.current = null;
    const attempt = ++latest.current;
    setFile(next);
    setError(null);
    onParsed(null);
    const problem = checkImportFile(next);
    if (problem) {
      setError(problem);
      return;
    }
    setProgress(0);
    onBusy(true);
    // What the file really is (its bytes, a workbook's declared size), before any parser reads it.
    const contentProblem = await checkFileContent(next).catch(() => ({ title: 'Error parsing file', detail: 'The file could not be read. Please try again.' }));
    if (attempt !== latest.current) return;
    if (contentProblem) {
      setError(contentProblem);
      onBusy(false);
      return;
    }
    const job = parseImportFile(next, setProgress);
    inFlight.current = job;
    try {
      const result = await job.promise;
      if (inFlight.current !== job) return;
      inFlight.current = null;
      if (result.rows.length === 0) throw new Error(result.headers.length > 0 ? HEADERS_ONLY_MESSAGE : 'File is empty or invalid');
      onParsed(result, job);
    } catch (err) {
      if (inFlight.current !== null && inFlight.current !== job) return;
      job.close();
      const message = err instanceof Error && err.message ? err.message : 'Please check the file format and try again.';
      if (message === 'File is empty or invalid') setError({ title: message, detail: 'Please check the file format and try again.' });
      else if (message === HEADERS_ONLY_MESSAGE)
        setError({ title: message, detail: 'Only a header row was found. Add the rows to import under it, or choose the file that holds them.' });
      else setError({ title: 'Error parsing file', detail: message });
    } finally {
      onBusy(false);
    }
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    disabled: busy,
    onDrop: (accepted, rejected) => {
      const next = accepted[0] ?? rejected[0]?.file;
      if (next) void handleFile(next);
    },
  });

  return (
    <div className={styles.fields}>
      <div {...getRootProps({ className: `${styles.dropzone} ${isDragActive ? styles.dropzoneActive : ''}` })}>
        <input {...getInputProps({ 'aria-label': 'Import file' })} />
        <p className={styles.dropTitle}>{isDragActive ? 'Drop the file here' : 'Drag a file here, or click to choose one'}</p>
        <p className={styles.dropHint}>CSV, XLS or XLSX, up to 10MB</p>
      </div>
      {file ? (
        <p className={styles.fileLine}>
          <strong>{file.name}</strong> · {megabytes(file.size)}
        </p>
      ) : null}
      {busy && progress === null ? (
        <p className={styles.fileLine}>
          <Spinner size="sm" label={null} /> Opening the spreadsheet… (no progress to show until its rows are read)
        </p>
      ) : null}
      {busy && progress !== null ? <ProgressBar value={progress * 100} label={`Reading ${file?.name ?? 'the file'}`} showLabel /> : null}
      {error ? (
        <div role="alert" className={styles.error}>
          <strong>{error.title}</strong>
          <span>{error.detail}</span>
        </div>
      ) : null}
      {parsed && !busy ? (
        <p role="status" className={styles.success}>
          ✓ {parsed.rows.length.toLocaleString('en-US')} rows and {parsed.headers.length} columns read from {parsed.fileName}
        </p>
      ) : null}
    </div>
  );
}
