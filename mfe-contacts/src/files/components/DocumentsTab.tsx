import { useRef, useState, type ChangeEvent } from 'react';
import { Button, ConfirmDialog, EmptyState, Spinner } from '@caucus/design-system';
import { analytics, ApiError, formatInstantDate, toast, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  documentDownloadUrl,
  fetchDocuments,
  fileTypeLabel,
  filesKeys,
  formatFileSize,
  isDocumentFile,
  removeDocument,
  renameDocument,
  uploadDocument,
  type ContactDocument,
} from '../api/filesApi';
import { RenameDocumentField } from './RenameDocumentField';
import styles from './Files.module.css';

export type DocumentsTabProps = {
  /** Absent until the contact is saved: documents are stored under a contact. */
  contactId?: string | null;
};

export const DOCUMENTS_NEED_SAVED_CONTACT = 'Please save the contact first before uploading documents';
export const UPLOAD_FAILED = 'Failed to upload file. Please try again.';
export const DOCUMENT_TOO_LARGE = 'File size must be less than 10MB';
export const DOCUMENT_WRONG_TYPE = 'Unsupported file type';
export const REMOVE_DOCUMENT_CONFIRM = 'Are you sure you want to remove this document?';

export function DocumentsTab({ contactId }: DocumentsTabProps) {
  if (!contactId) return <p className={styles.notice}>{DOCUMENTS_NEED_SAVED_CONTACT}</p>;
  return <ContactDocuments contactId={contactId} />;
}

/**
 * 413 and 415 carry the API's own texts (docs/product/validation.md, Contacts, pledges, donations,
 * files); anything else gets the generic upload message (docs/product/messages.md, Workspace).
 */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 413 || error.status === 415)) return error.message;
  return UPLOAD_FAILED;
}

/** The upload's day in the workspace's timezone and date format. */
function formatUploaded(value: string | null): string {
  return formatInstantDate(value);
}

function ContactDocuments({ contactId }: { contactId: string }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [renamingKey, setRenamingKey] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ContactDocument | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const documents = useQuery({
    queryKey: filesKeys.documents(contactId),
    queryFn: ({ signal }) => fetchDocuments(contactId, signal),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['contacts'] });

  const upload = useMutation({
    mutationFn: (file: File) => uploadDocument(contactId, file),
    onSuccess: async (data, file) => {
      analytics.track('file_uploaded', { kind: 'document', mimeType: file.type, size: file.size });
      if (Array.isArray(data?.documents)) queryClient.setQueryData(filesKeys.documents(contactId), data.documents);
      await refresh();
    },
    onError: (error) => {
      toast.error(uploadErrorMessage(error));
    },
  });

  const rename = useMutation({
    mutationFn: ({ key, fileName }: { key: string; fileName: string }) => renameDocument(contactId, key, fileName),
    onSuccess: async () => {
      setRenamingKey(null);
      await refresh();
    },
    onError: (error) => {
      toast.error('Failed to rename document', error instanceof Error ? error.message : undefined);
    },
  });

  const remove = useMutation({
    mutationFn: (key: string) => removeDocument(contactId, key),
    onSuccess: async (_data, key) => {
      setRemoving(null);
      queryClient.setQueryData<ContactDocument[]>(filesKeys.documents(contactId), (current) => current?.filter((document) => document.key !== key));
      await refresh();
    },
    onError: () => {
      setRemoving(null);
      toast.error('Failed to remove document');
    },
  });

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing lets the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!isDocumentFile(file)) {
      setFileError(DOCUMENT_WRONG_TYPE);
      return;
    }
    if (file.size > DOCUMENT_MAX_BYTES) {
      setFileError(DOCUMENT_TOO_LARGE);
      return;
    }
    setFileError(null);
    upload.mutate(file);
  };

  const handleDownload = async (document: ContactDocument) => {
    setDownloading(document.key);
    try {
      const url = await documentDownloadUrl(contactId, document.key);
      openDownload(url, document.fileName);
    } catch {
      toast.error('Failed to download document');
    } finally {
      setDownloading(null);
    }
  };

  const list = documents.data ?? [];

  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <p className={styles.hint}>Images, PDF, DOC or DOCX, up to 10MB.</p>
        <input
          ref={inputRef}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className={styles.hiddenInput}
          aria-label="Document file"
          tabIndex={-1}
          onChange={handleFile}
        />
        <Button onClick={() => inputRef.current?.click()} loading={upload.isPending}>
          Upload Document
        </Button>
      </div>
      {fileError ? (
        <p role="alert" className={styles.error}>
          {fileError}
        </p>
      ) : null}
      {documents.isPending ? (
        <Spinner label="Loading documents" />
      ) : documents.isError ? (
        <p className={styles.notice}>Unable to load documents</p>
      ) : list.length === 0 ? (
        <EmptyState title="No documents yet" message="Uploaded files for this contact appear here." headingLevel={4} />
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">File Name</th>
              <th scope="col">Type</th>
              <th scope="col">Size</th>
              <th scope="col">Uploaded</th>
              <th scope="col">
                <span className={styles.hiddenInput}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((document) => (
              <tr key={document.key}>
                <td>
                  {renamingKey === document.key ? (
                    <RenameDocumentField
                      fileName={document.fileName}
                      saving={rename.isPending}
                      onSave={(fileName) => rename.mutate({ key: document.key, fileName })}
                      onCancel={() => setRenamingKey(null)}
                    />
                  ) : (
                    document.fileName
                  )}
                </td>
                <td>{fileTypeLabel(document.mimeType, document.fileName)}</td>
                <td>{formatFileSize(document.size)}</td>
                <td>{formatUploaded(document.uploadedAt)}</td>
                <td>
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Download ${document.fileName}`}
                      loading={downloading === document.key}
                      onClick={() => void handleDownload(document)}
                    >
                      Download
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Rename ${document.fileName}`} onClick={() => setRenamingKey(document.key)}>
                      Rename
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Remove ${document.fileName}`} onClick={() => setRemoving(document)}>
                      Remove
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove document"
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.key)}
        onClose={() => setRemoving(null)}
      >
        <p>{REMOVE_DOCUMENT_CONFIRM}</p>
        {removing ? <p>{removing.fileName}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

/** The signed URL answers with Content-Disposition attachment, so following it downloads without leaving the page. */
function openDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
