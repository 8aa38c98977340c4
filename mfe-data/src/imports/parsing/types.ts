import type { ImportCellError } from '@caucus/api/contract';
import type { ColumnMapping } from './checkRows';

/** A file as the wizard holds it (SPEC point 3: Parsed import file): rows keyed by the headers. */
export type ParsedFile = { fileName: string; headers: string[]; rows: Record<string, string>[] };

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

export const PASSWORD_PROTECTED_MESSAGE = 'This file is password-protected. Remove the password in your spreadsheet program and upload it again.';
export const BROKEN_FILE_MESSAGE = 'Please check the file format and try again.';
