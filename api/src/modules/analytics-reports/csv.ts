import { Readable } from 'node:stream';
import { CSV_BYTE_ORDER_MARK, csvLine, type ReportCell } from '@caucus/contract';

/**
 * RFC 4180 CSV with CRLF line ends, written page by page so a million-row report never sits in memory
 * whole; cells escaped by the product's one spreadsheet rule (contract/spreadsheet.ts).
 */
export function csvStream(columns: string[], pages: AsyncIterable<ReportCell[][]>): Readable {
  return Readable.from(
    (async function* () {
      yield `${CSV_BYTE_ORDER_MARK}${csvLine(columns)}`;
      for await (const page of pages) yield page.map(csvLine).join('');
    })(),
  );
}
