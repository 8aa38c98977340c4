import { api, apiUrl, getApiBaseUrl } from '@caucus/platform';
// Type-only: the contract's runtime schemas stay out of this module; the forms import the few they check with.
import type {
  CashResponse,
  CommitteeListResponse,
  ContactListResponse,
  DonationsResponse,
  ContactDocument,
  Disbursement,
  DisbursementImportRequest,
  DisbursementImportResponse,
  DisbursementListResponse,
  DisbursementResponse,
  FecReport,
  FecReportListResponse,
  FecReportResponse,
  LineEntriesResponse,
  Reconciliation,
} from '@caucus/contract';

/** A contact a disbursement may pay. */
export type PayeeContact = ContactListResponse['contacts'][number];

/** A receipt kept with a disbursement: the contact documents' shape, store and limits. */
export type DisbursementReceipt = ContactDocument;
export type { CashResponse, Disbursement, FecReport, FecReportResponse, LineEntriesResponse, Reconciliation };

export const financialsKeys = {
  committees: () => ['financials', 'committees'] as const,
  disbursements: (committeeId: string) => ['financials', 'disbursements', committeeId] as const,
  receipts: (disbursementId: string) => ['financials', 'receipts', disbursementId] as const,
  payeeContacts: (search: string) => ['financials', 'payee-contacts', search] as const,
  contactGifts: (contactId: string) => ['financials', 'contact-gifts', contactId] as const,
  cash: (committeeId: string) => ['financials', 'cash', committeeId] as const,
  reconciliation: (committeeId: string, month: string, donationAccountId: string | null = null) =>
    ['financials', 'reconciliation', committeeId, month, donationAccountId ?? 'committee'] as const,
  reports: (committeeId: string) => ['financials', 'reports', committeeId] as const,
  report: (id: string) => ['financials', 'report', id] as const,
  line: (id: string, field: string) => ['financials', 'report', id, 'line', field] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const fetchCommittees = (signal?: AbortSignal) => api.get<CommitteeListResponse>('/committees', { signal }).then((data) => data.committees);
export const searchPayeeContacts = (search: string, signal?: AbortSignal) =>
  api.get<ContactListResponse>('/contacts', { query: { search, limit: 10 }, signal }).then((data) => data.contacts);
/** A contributor's gifts, the ones a refund may name. */
export const fetchContactGifts = (contactId: string, signal?: AbortSignal) =>
  api.get<DonationsResponse>(`/contacts/${id(contactId)}/donations`, { signal }).then((data) => data.donations ?? []);
export const fetchDisbursements = (committeeId: string, signal?: AbortSignal) =>
  api.get<DisbursementListResponse>('/disbursements', { query: { committeeId }, signal });
export const saveDisbursement = (disbursementId: string | null, body: unknown) =>
  (disbursementId ? api.put<DisbursementResponse>(`/disbursements/${id(disbursementId)}`, body) : api.post<DisbursementResponse>('/disbursements', body)).then(
    (data) => data.disbursement,
  );
export const voidDisbursement = (disbursementId: string, voidDate: string) =>
  api.post<DisbursementResponse>(`/disbursements/${id(disbursementId)}/void`, { voidDate }).then((data) => data.disbursement);
export const fetchCash = (committeeId: string, signal?: AbortSignal) => api.get<CashResponse>(`/committees/${id(committeeId)}/cash`, { signal });
/** A month's reconciliation of one donation account, or of the whole committee when `donationAccountId` is null. */
export const fetchReconciliation = (committeeId: string, month: string, donationAccountId: string | null = null, signal?: AbortSignal) =>
  api.get<Reconciliation>(`/committees/${id(committeeId)}/reconciliations/${id(month)}`, { query: donationAccountId ? { donationAccountId } : {}, signal });
export const saveReconciliation = (committeeId: string, month: string, statementBalance: number, donationAccountId: string | null = null) =>
  api.put<Reconciliation>(
    `/committees/${id(committeeId)}/reconciliations/${id(month)}${donationAccountId ? `?donationAccountId=${id(donationAccountId)}` : ''}`,
    { statementBalance },
  );
export const fetchReports = (committeeId: string, signal?: AbortSignal) =>
  api.get<FecReportListResponse>('/reports/fec', { query: { committeeId }, signal }).then((data) => data.reports);
export const createReport = (body: unknown) => api.post<{ report: FecReport }>('/reports/fec', body).then((data) => data.report);
export const fetchReport = (reportId: string, signal?: AbortSignal) => api.get<FecReportResponse>(`/reports/fec/${id(reportId)}`, { signal });
export const updateReport = (reportId: string, body: unknown) => api.put<FecReportResponse>(`/reports/fec/${id(reportId)}`, body);
export const fetchLine = (reportId: string, field: string, signal?: AbortSignal) =>
  api.get<LineEntriesResponse>(`/reports/fec/${id(reportId)}/lines/${id(field)}`, { signal });
export const setFileStatus = (reportId: string, body: { filed: boolean; filedAt?: string; fecFilingId?: string }) =>
  api.post<{ report: FecReport }>(`/reports/fec/${id(reportId)}/file-status`, body).then((data) => data.report);
export const amendReport = (reportId: string) => api.post<{ report: FecReport }>(`/reports/fec/${id(reportId)}/amend`, {}).then((data) => data.report);
/** The .fec file is written by the server and downloaded as a link (the session cookie goes with it). */
export const fecFileUrl = (reportId: string) => apiUrl(`/reports/fec/${id(reportId)}/file`);

// The files module's limits (images, PDF, DOC, DOCX up to 10 MB), checked before the bytes travel; the API checks them again.
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_ACCEPT = [
  'image/*',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pdf',
  '.doc',
  '.docx',
].join(',');
export function isReceiptFile(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/') || type === 'application/pdf' || type === 'application/msword' || type.includes('wordprocessingml')) return true;
  return /\.(pdf|docx?|jpe?g|png|gif|webp)$/i.test(file.name);
}

type Receipts = { receipts: DisbursementReceipt[] };
export const fetchReceipts = (disbursementId: string, signal?: AbortSignal) =>
  api.get<Receipts>(`/disbursements/${id(disbursementId)}/receipts`, { signal }).then((data) => data.receipts);
export function uploadReceipt(disbursementId: string, file: File): Promise<DisbursementReceipt[]> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<Receipts>(`/disbursements/${id(disbursementId)}/receipts`, form).then((data) => data.receipts);
}
/** Signed URLs come back as API paths; on a standalone harness the API lives on another origin. */
export async function receiptDownloadUrl(disbursementId: string, key: string): Promise<string> {
  const { downloadUrl } = await api.get<{ downloadUrl: string }>(`/disbursements/${id(disbursementId)}/receipts/${id(key)}/download`);
  const base = getApiBaseUrl();
  return downloadUrl.startsWith('/') && /^https?:\/\//i.test(base) ? new URL(downloadUrl, base).toString() : downloadUrl;
}

/** Rows read and mapped in the browser; the server checks them again and writes them in one transaction. */
export const importDisbursements = (body: DisbursementImportRequest) => api.post<DisbursementImportResponse>('/disbursements/import', body);
