// The one escaping rule of every CSV and XLSX file the product writes (reports, Schedule A, the
// import's skipped-rows report, the report workbooks built in the browser). Only plain functions
// here: the module is bundled into browser code too.

/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with = + - @ is read as a
 * formula by Excel, LibreOffice and Sheets, and so is one starting with a tab or carriage return,
 * which some programs strip before reading the rest. Such text gets a leading quote, which keeps it
 * text. Only a value that is wholly a number is left as it is (-12.50 stays a number a treasurer can
 * sum): a number is never a formula, and `-2+3+cmd|' /C calc'!A0` is not a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const WHOLE_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function escapeSpreadsheetText(text: string): string {
  return FORMULA_START.test(text) && !WHOLE_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * A cell of an XLSX sheet: numbers stay numbers, nothing stays empty, anything else is escaped text.
 */
export function spreadsheetCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return escapeSpreadsheetText(String(value));
}

/** One RFC 4180 field: escaped as above, then quoted when it holds a comma, a quote or a line break. */
export function csvField(value: unknown): string {
  const cell = spreadsheetCell(value);
  if (cell === null) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** Starts a CSV so Excel reads it as UTF-8 (accented names stay intact). */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';
