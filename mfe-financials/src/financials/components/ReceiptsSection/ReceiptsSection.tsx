import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Spinner } from '@caucus/design-system';
import { ApiError, formatInstantDate, toast, useCan, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import { RECEIPT_ACCEPT, RECEIPT_MAX_BYTES, fetchReceipts, financialsKeys, isReceiptFile, receiptDownloadUrl, uploadReceipt } from '../../api/financialsApi';
import styles from '../Financials.module.css';

export const RECEIPT_TOO_LARGE = 'File size must be less than 10MB';
export const RECEIPT_WRONG_TYPE = 'Unsupported file type';

/** The invoice, receipt or cancelled check behind a disbursement: the FEC asks a committee to keep them. */
export function ReceiptsSection({ disbursementId, payeeName }: { disbursementId: string; payeeName: string }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  // Attaching is a money write (contract/permissions.ts); every role that reads money sees the receipts.
  const canAttach = useCan('money.write');
  const [fileError, setFileError] = useState<string | null>(null);
  const receipts = useQuery({ queryKey: financialsKeys.receipts(disbursementId), queryFn: ({ signal }) => fetchReceipts(disbursementId, signal) });
  const upload = useMutation({
    mutationFn: (file: File) => uploadReceipt(disbursementId, file),
    onSuccess: (list, file) => {
      queryClient.setQueryData(financialsKeys.receipts(disbursementId), list);
      toast.success('Receipt attached', file.name);
    },
    // 413 and 415 carry the server's own wording; anything else the generic one.
    onError: (error) =>
      setFileError(error instanceof ApiError && (error.status === 413 || error.status === 415) ? error.message : 'Failed to upload file. Please try again.'),
  });
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing lets the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!isReceiptFile(file)) return setFileError(RECEIPT_WRONG_TYPE);
    if (file.size > RECEIPT_MAX_BYTES) return setFileError(RECEIPT_TOO_LARGE);
    setFileError(null);
    upload.mutate(file);
  };
  const download = async (key: string, fileName: string) => {
    try {
      const link = document.createElement('a');
      link.href = await receiptDownloadUrl(disbursementId, key);
      link.download = fileName;
      link.rel = 'noopener';
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch {
      toast.error('Failed to download the receipt');
    }
  };
  const list = receipts.data ?? [];
  return (
    <section className={styles.stack} aria-label={`Receipts of ${payeeName}`}>
      <div className={styles.toolbar}>
        <h3>Receipts</h3>
        {canAttach ? (
          <>
            <input ref={inputRef} type="file" accept={RECEIPT_ACCEPT} hidden aria-label="Receipt file" tabIndex={-1} onChange={handleFile} />
            <Button size="sm" variant="secondary" onClick={() => inputRef.current?.click()} loading={upload.isPending}>
              Attach receipt
            </Button>
          </>
        ) : null}
      </div>
      {canAttach ? <p className={styles.hint}>Invoice, receipt or cancelled check: images, PDF, DOC or DOCX, up to 10MB.</p> : null}
      {fileError ? (
        <p role="alert" className={styles.error}>
          {fileError}
        </p>
      ) : null}
      {receipts.isPending ? (
        <Spinner label="Loading receipts" />
      ) : receipts.isError ? (
        <p className={styles.hint}>Unable to load the receipts</p>
      ) : list.length === 0 ? (
        <p className={styles.hint}>No receipt attached yet.</p>
      ) : (
        <ul className={`${styles.stack} ${styles.plainList}`} aria-label="Attached receipts">
          {list.map((receipt) => (
            <li key={receipt.key} className={styles.toolbar}>
              <span>
                {receipt.fileName} <span className={styles.hint}>{formatInstantDate(receipt.uploadedAt)}</span>
              </span>
              <Button size="sm" variant="ghost" aria-label={`Download ${receipt.fileName}`} onClick={() => void download(receipt.key, receipt.fileName)}>
                Download
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
