import type { ColumnMapping, RowProblems } from './checkRows';
import { tooLargeProblem } from './fileContent';
import { BROKEN_FILE_MESSAGE, type ParsedFile, type ParseMessage, type ParseRequest } from './types';

export { checkFileContent, HEADERS_ONLY_MESSAGE } from './fileContent';

export const ACCEPTED_TYPES = ['text/csv', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const EXTENSIONS = /\.(csv|xls|xlsx)$/i;

/** docs/product/imports.md, File checks: the checks before a file is read, with their texts (title, detail). */
export function checkImportFile(file: File): { title: string; detail: string } | null {
  // Some systems send CSV with no type (or as Excel); the extension decides then.
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return { title: 'Invalid file type', detail: 'Please upload a CSV, XLS, or XLSX file' };
  if (!EXTENSIONS.test(file.name)) return { title: 'Unsupported file format', detail: 'Please upload a CSV, XLS, or XLSX file' };
  if (file.size === 0) return { title: 'File is empty or invalid', detail: 'Please check the file format and try again.' };
  return tooLargeProblem(file.size);
}

declare const __webpack_public_path__: string;

/**
 * The parser worker is built beside this remote (webpack.config.js) and loaded from the remote's own
 * address: a script URL, never a blob, so the page's Content-Security-Policy ('self') allows it.
 */
function createParserWorker(): Worker {
  return new Worker(new URL('import-parser.worker.js', new URL(__webpack_public_path__, window.location.href)).href);
}

/** Every row checked against a mapping: rows with errors (skipped), and rows with warnings only (imported once confirmed). */
export type RowChecks = { problems: RowProblems; warnings: RowProblems };
/** Checks every row of the parsed file against a mapping; progress is the share of rows checked. */
export type RowChecker = (mapping: ColumnMapping, day: string, onProgress?: (fraction: number) => void) => Promise<RowChecks>;

/**
 * A file being read in its Web Worker. The worker stays alive after parsing, holding the rows, so
 * the review step's checks of every row run there too (`checkRows`); `close` ends it.
 */
export type ParseJob = { promise: Promise<ParsedFile>; checkRows: RowChecker; close: () => void };

/** Parses in a Web Worker; progress is the share of the file read (0-1), null while unknown. */
export function parseImportFile(file: File, onProgress: (fraction: number | null) => void): ParseJob {
  const worker = createParserWorker();
  const rows: Record<string, string>[] = [];
  const checks = new Map<
    number,
    { checks: RowChecks; resolve: (checks: RowChecks) => void; reject: (error: Error) => void; onProgress?: (fraction: number) => void }
  >();
  let nextCheck = 1;
  let settle: { resolve: (file: ParsedFile) => void; reject: (error: Error) => void } | null = null;
  const fail = (error: Error) => {
    settle?.reject(error);
    settle = null;
    for (const check of checks.values()) check.reject(error);
    checks.clear();
    worker.terminate();
  };

  const promise = new Promise<ParsedFile>((resolve, reject) => {
    settle = { resolve, reject };
  });
  worker.onmessage = (event: MessageEvent<ParseMessage>) => {
    const message = event.data;
    if (message.type === 'progress') onProgress(message.fraction);
    else if (message.type === 'rows') {
      for (const row of message.rows) rows.push(row);
    } else if (message.type === 'done') {
      settle?.resolve({ fileName: message.fileName, headers: message.headers, rows });
      settle = null;
    } else if (message.type === 'error') fail(new Error(message.message));
    else {
      const check = checks.get(message.id);
      if (!check) return;
      if (message.type === 'checkProgress') check.onProgress?.(message.fraction);
      else {
        for (const [index, errors] of message.problems) check.checks.problems.set(index, errors);
        for (const [index, warnings] of message.warnings) check.checks.warnings.set(index, warnings);
        if (message.done) {
          checks.delete(message.id);
          check.resolve(check.checks);
        }
      }
    }
  };
  worker.onerror = (event) => fail(new Error(event.message || BROKEN_FILE_MESSAGE));
  worker.postMessage({ type: 'parse', file } satisfies ParseRequest);

  const checkRows: RowChecker = (mapping, day, onCheckProgress) =>
    new Promise((resolve, reject) => {
      const id = nextCheck++;
      checks.set(id, { checks: { problems: new Map(), warnings: new Map() }, resolve, reject, onProgress: onCheckProgress });
      worker.postMessage({ type: 'check', id, mapping, today: day } satisfies ParseRequest);
    });
  return { promise, checkRows, close: () => worker.terminate() };
}
