// Zod-free on purpose: the Data section's history tab reads these, and importing them must not bring
// the import schemas (and zod) into that tab's first view (ADR 0008).

export const IMPORT_STATUS_VALUES = ['processing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUS_VALUES)[number];

/** History sorts (docs/product/screens.md): date newest first, file name A-Z, import type A-Z, records imported highest first. */
export const IMPORT_HISTORY_SORT_VALUES = ['date', 'fileName', 'importType', 'recordsImported'] as const;
export type ImportHistorySort = (typeof IMPORT_HISTORY_SORT_VALUES)[number];
export const DEFAULT_IMPORT_HISTORY_SORT: ImportHistorySort = 'date';
