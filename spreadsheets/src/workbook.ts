import * as XLSX from 'xlsx';
import { keyRows, uniqueHeaders } from './headers';
import { PASSWORD_PROTECTED_MESSAGE, type ParsedFile } from './types';

/** A date cell -> its calendar date; SheetJS builds cell dates in local time. */
function calendarDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : calendarDate(value);
  // Numbers as the sheet stores them: a ZIP or phone typed as a number stays its digits (the
  // contract gives a ZIP its leading zero back), a serial date stays a serial for the date fields.
  return String(value);
}

/** Rows converted between two progress reports. */
const ROWS_PER_SLICE = 5_000;

/**
 * XLS or XLSX, first sheet only (docs/product/imports.md), read in dense mode. SheetJS reads a workbook in one
 * synchronous call with no progress of its own: progress is null (unknown) while it reads, then the
 * share of rows converted.
 */
export function parseWorkbook(data: ArrayBuffer, fileName: string, onProgress?: (fraction: number | null) => void): ParsedFile {
  let workbook: XLSX.WorkBook;
  onProgress?.(null);
  try {
    workbook = XLSX.read(new Uint8Array(data), { type: 'array', dense: true, cellDates: true, sheets: 0 });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/password|encrypt/i.test(message)) throw new Error(PASSWORD_PROTECTED_MESSAGE);
    throw err;
  }
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet) throw new Error('File is empty or invalid');
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
  const rows: string[][] = [];
  for (let start = range.s.r; start <= range.e.r; start += ROWS_PER_SLICE) {
    const slice = { s: { r: start, c: range.s.c }, e: { r: Math.min(range.e.r, start + ROWS_PER_SLICE - 1), c: range.e.c } };
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: false, range: slice });
    for (const row of cells) rows.push(row.map(cellText));
    onProgress?.((slice.e.r - range.s.r + 1) / (range.e.r - range.s.r + 1));
  }
  const headerIndex = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw new Error('File is empty or invalid');
  const headers = uniqueHeaders(rows[headerIndex]);
  return { fileName, headers, rows: keyRows(headers, rows.slice(headerIndex + 1)) };
}
