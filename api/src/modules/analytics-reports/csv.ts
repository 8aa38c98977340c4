import { Readable } from 'node:stream';
import { escapeSpreadsheetText, type ReportCell } from '../../contract';

/** One CSV field: text escaped against formula injection, then quoted when it holds , " or a line break. */
function csvField(value: ReportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = escapeSpreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: ReportCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/**
 * RFC 4180 CSV with CRLF line ends, written page by page so a million-row report never sits in memory
 * whole. Starts with a byte order mark so Excel reads the file as UTF-8 (accented names stay intact).
 */
export function csvStream(columns: string[], pages: AsyncIterable<ReportCell[][]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(columns)}`;
      for await (const page of pages) yield page.map(csvLine).join('');
    })(),
  );
}
