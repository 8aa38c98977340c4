import { useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ProgressBar } from '@caucus/design-system';
import { checkImportFile, parseImportFile } from '../parsing/parseFile';
import type { ParsedFile } from '../parsing/types';
import styles from './ImportWizard.module.css';

export type UploadError = { title: string; detail: string };

type Props = {
  parsed: ParsedFile | null;
  onParsed: (file: ParsedFile | null) => void;
  busy: boolean;
  onBusy: (busy: boolean) => void;
};

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** Step 2: CSV, XLS or XLSX, parsed in a Web Worker with a progress bar. */
export function UploadStep({ parsed, onParsed, busy, onBusy }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<UploadError | null>(null);
  const cancel = useRef<(() => void) | null>(null);

  const handleFile = async (next: File) => {
    cancel.current?.();
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
    const job = parseImportFile(next, setProgress);
    cancel.current = job.cancel;
    try {
      const result = await job.promise;
      if (result.rows.length === 0) throw new Error('File is empty or invalid');
      onParsed(result);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'Please check the file format and try again.';
      setError(message === 'File is empty or invalid' ? { title: message, detail: 'Please check the file format and try again.' } : { title: 'Error parsing file', detail: message });
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
      {busy ? <ProgressBar value={progress * 100} label={`Reading ${file?.name ?? 'the file'}`} showLabel /> : null}
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
