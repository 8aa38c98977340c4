import type { ImportCellError } from '@caucus/contract';
import type { ColumnMapping } from './checkRows';

export { PASSWORD_PROTECTED_MESSAGE, type ParsedFile } from '@caucus/spreadsheets';

export type ParseRequest =
  | { type: 'parse'; file: File }
  /** Check every parsed row against a mapping (the review step); answered with `checked` messages. */
  | { type: 'check'; id: number; mapping: ColumnMapping; today: string };

export type ParseMessage =
  /** Share of the file read (0-1); null while the reader cannot tell (SheetJS reading a workbook). */
  | { type: 'progress'; fraction: number | null }
  /** Parsed rows in slices: each message is a short task for the page to take in. */
  | { type: 'rows'; rows: Record<string, string>[] }
  | { type: 'done'; fileName: string; headers: string[] }
  | { type: 'error'; message: string }
  | { type: 'checkProgress'; id: number; fraction: number }
  /** Rows with problems (and rows with warnings only), in slices; `done` on the last one. */
  | { type: 'checked'; id: number; problems: [number, ImportCellError[]][]; warnings: [number, ImportCellError[]][]; done: boolean };

/** Rows per `rows` message, and rows with problems per `checked` message. */
export const ROWS_PER_MESSAGE = 10_000;
/** Rows checked between two progress reports. */
export const ROWS_PER_CHECK_SLICE = 5_000;

export const BROKEN_FILE_MESSAGE = 'Please check the file format and try again.';
