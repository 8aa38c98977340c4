import { spreadsheetCell, type ReportTable } from '@caucus/contract';

type SheetJs = typeof import('xlsx');

/**
 * The report as an .xlsx file, its cells escaped by the rule of every file the product writes
 * (spreadsheetCell, the server's CSV rule), so a donor named "=HYPERLINK(...)" stays text; numbers
 * stay numbers so the treasurer can sum them.
 */
export function reportWorkbookBytes(xlsx: SheetJs, table: ReportTable): ArrayBuffer {
  const cells = [table.columns, ...table.rows].map((row) => row.map(spreadsheetCell));
  const sheet = xlsx.utils.aoa_to_sheet(cells);
  const book = xlsx.utils.book_new();
  // Sheet names are at most 31 characters and may not hold some punctuation; the titles fit.
  xlsx.utils.book_append_sheet(book, sheet, table.title.slice(0, 31));
  return xlsx.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** e.g. donation-report_2026-01-01_2026-03-31.xlsx, like the server's CSV name. */
export function reportFileName(title: string, from: string, to: string, extension: 'csv' | 'xlsx'): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${[base, from || 'start', to || 'today'].join('_')}.${extension}`;
}

/** Hands bytes to the browser as a download. */
export function saveFile(bytes: ArrayBuffer, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
