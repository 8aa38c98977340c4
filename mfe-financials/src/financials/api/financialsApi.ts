import { api, apiUrl } from '@caucus/design-system/session';
// Type-only: the contract's runtime schemas stay out of this module; the forms import the few they check with.
import type {
  CashResponse,
  CommitteeListResponse,
  Disbursement,
  DisbursementListResponse,
  DisbursementResponse,
  FecReport,
  FecReportListResponse,
  FecReportResponse,
  LineEntriesResponse,
  Reconciliation,
} from '@caucus/api/contract';

export type { CashResponse, Disbursement, FecReport, FecReportResponse, LineEntriesResponse, Reconciliation };

export const financialsKeys = {
  committees: () => ['financials', 'committees'] as const,
  disbursements: (committeeId: string) => ['financials', 'disbursements', committeeId] as const,
  cash: (committeeId: string) => ['financials', 'cash', committeeId] as const,
  reconciliation: (committeeId: string, month: string) => ['financials', 'reconciliation', committeeId, month] as const,
  reports: (committeeId: string) => ['financials', 'reports', committeeId] as const,
  report: (id: string) => ['financials', 'report', id] as const,
  line: (id: string, field: string) => ['financials', 'report', id, 'line', field] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const fetchCommittees = (signal?: AbortSignal) => api.get<CommitteeListResponse>('/committees', { signal }).then((data) => data.committees);
export const fetchDisbursements = (committeeId: string, signal?: AbortSignal) => api.get<DisbursementListResponse>('/disbursements', { query: { committeeId }, signal });
export const saveDisbursement = (disbursementId: string | null, body: unknown) =>
  (disbursementId ? api.put<DisbursementResponse>(`/disbursements/${id(disbursementId)}`, body) : api.post<DisbursementResponse>('/disbursements', body)).then((data) => data.disbursement);
export const voidDisbursement = (disbursementId: string, voidDate: string) => api.post<DisbursementResponse>(`/disbursements/${id(disbursementId)}/void`, { voidDate }).then((data) => data.disbursement);
export const fetchCash = (committeeId: string, signal?: AbortSignal) => api.get<CashResponse>(`/committees/${id(committeeId)}/cash`, { signal });
export const fetchReconciliation = (committeeId: string, month: string, signal?: AbortSignal) => api.get<Reconciliation>(`/committees/${id(committeeId)}/reconciliations/${id(month)}`, { signal });
export const saveReconciliation = (committeeId: string, month: string, statementBalance: number) =>
  api.put<Reconciliation>(`/committees/${id(committeeId)}/reconciliations/${id(month)}`, { statementBalance });
export const fetchReports = (committeeId: string, signal?: AbortSignal) => api.get<FecReportListResponse>('/reports/fec', { query: { committeeId }, signal }).then((data) => data.reports);
export const createReport = (body: unknown) => api.post<{ report: FecReport }>('/reports/fec', body).then((data) => data.report);
export const fetchReport = (reportId: string, signal?: AbortSignal) => api.get<FecReportResponse>(`/reports/fec/${id(reportId)}`, { signal });
export const updateReport = (reportId: string, body: unknown) => api.put<FecReportResponse>(`/reports/fec/${id(reportId)}`, body);
export const fetchLine = (reportId: string, field: string, signal?: AbortSignal) => api.get<LineEntriesResponse>(`/reports/fec/${id(reportId)}/lines/${id(field)}`, { signal });
export const setFileStatus = (reportId: string, body: { filed: boolean; filedAt?: string; fecFilingId?: string }) =>
  api.post<{ report: FecReport }>(`/reports/fec/${id(reportId)}/file-status`, body).then((data) => data.report);
export const amendReport = (reportId: string) => api.post<{ report: FecReport }>(`/reports/fec/${id(reportId)}/amend`, {}).then((data) => data.report);
/** The .fec file is written by the server and downloaded as a link (the session cookie goes with it). */
export const fecFileUrl = (reportId: string) => apiUrl(`/reports/fec/${id(reportId)}/file`);
