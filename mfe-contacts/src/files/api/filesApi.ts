import type { ContactDetailResponse, ContactDocument } from '@caucus/contract';
import { api, getApiBaseUrl } from '@caucus/platform';

export type { ContactDocument };
export type ProfileImage = { profileImageKey: string | null; profileImageUrl: string | null };
export type DocumentsUpload = { documentKeys: string[]; documents: ContactDocument[] };

// Upload limits (docs/product/limits-and-defaults.md), checked here before the bytes travel; the API checks them again.
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png', '.gif', '.webp'] as const;
/** The file picker's filter: images, PDF, doc and docx. */
export const DOCUMENT_ACCEPT = ['image/*', ...DOCUMENT_MIME_TYPES, '.pdf', '.doc', '.docx'].join(',');

// Under ['contacts', ...] so any contact write refreshes the document list too.
export const filesKeys = {
  documents: (contactId: string) => ['contacts', 'documents', contactId] as const,
};

const contactPath = (contactId: string) => `/contacts/${encodeURIComponent(contactId)}`;
const documentPath = (contactId: string, key: string) => `${contactPath(contactId)}/documents/${encodeURIComponent(key)}`;

export async function fetchDocuments(contactId: string, signal?: AbortSignal): Promise<ContactDocument[]> {
  const { contact } = await api.get<ContactDetailResponse>(contactPath(contactId), { signal });
  return contact.documents ?? [];
}

function formWithFile(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export function uploadDocument(contactId: string, file: File): Promise<DocumentsUpload> {
  return api.upload<DocumentsUpload>(`${contactPath(contactId)}/documents`, formWithFile(file));
}

export function renameDocument(contactId: string, key: string, fileName: string): Promise<unknown> {
  return api.put(`${documentPath(contactId, key)}/rename`, { fileName });
}

export async function documentDownloadUrl(contactId: string, key: string): Promise<string> {
  const { downloadUrl } = await api.get<{ downloadUrl: string }>(`${documentPath(contactId, key)}/download`);
  return resolveFileUrl(downloadUrl);
}

export function removeDocument(contactId: string, key: string): Promise<unknown> {
  return api.delete(documentPath(contactId, key));
}

export function uploadProfileImage(contactId: string, file: File): Promise<ProfileImage> {
  return api.upload<ProfileImage>(`${contactPath(contactId)}/profile-image`, formWithFile(file));
}

export function removeProfileImage(contactId: string): Promise<unknown> {
  return api.delete(`${contactPath(contactId)}/profile-image`);
}

/**
 * Signed URLs come back as API paths ('/api/files/...'). When the API lives on another origin (a
 * standalone harness), they belong to that origin, not to the page's.
 */
export function resolveFileUrl(url: string): string {
  if (!url.startsWith('/')) return url;
  const base = getApiBaseUrl();
  if (!/^https?:\/\//i.test(base)) return url;
  return new URL(url, base).toString();
}

export function isDocumentFile(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/') || (DOCUMENT_MIME_TYPES as readonly string[]).includes(type)) return true;
  const name = file.name.toLowerCase();
  return DOCUMENT_EXTENSIONS.some((extension) => name.endsWith(extension));
}

export function isImageFile(file: File): boolean {
  return file.type.toLowerCase().startsWith('image/');
}

export function formatFileSize(bytes: number | null | undefined): string {
  const size = typeof bytes === 'number' && Number.isFinite(bytes) ? bytes : 0;
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

export function fileTypeLabel(mimeType: string | null | undefined, fileName = ''): string {
  const type = (mimeType ?? '').toLowerCase();
  const name = fileName.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'PDF';
  if (type.includes('wordprocessingml') || name.endsWith('.docx')) return 'Word (DOCX)';
  if (type === 'application/msword' || name.endsWith('.doc')) return 'Word (DOC)';
  if (type.startsWith('image/')) return `Image (${type.slice('image/'.length).toUpperCase()})`;
  return type || 'File';
}
