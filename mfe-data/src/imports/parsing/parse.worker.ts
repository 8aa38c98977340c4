/// <reference lib="webworker" />
import { parseCsv, parseWorkbook } from '@caucus/spreadsheets';
import { checkRowRange, type RowProblems } from './checkRows';
import { checkFileContent, HEADERS_ONLY_MESSAGE } from './fileContent';
import { BROKEN_FILE_MESSAGE, ROWS_PER_CHECK_SLICE, ROWS_PER_MESSAGE, type ParseMessage, type ParseRequest } from './types';

// Parsing and the review's row checks run here, off the main thread, so a 100,000-row file never
// freezes the page. The worker keeps the parsed rows for the checks until the page closes it.
const post = (message: ParseMessage) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

let parsedRows: Record<string, string>[] = [];

async function parse(file: File): Promise<void> {
  try {
    // The page checked the content already; checked again here, where the parser runs.
    const problem = await checkFileContent(file);
    if (problem) throw new Error(`${problem.title}: ${problem.detail}`);
    const isCsv = /\.csv$/i.test(file.name);
    const result = isCsv
      ? await parseCsv(file, file.name, (fraction) => post({ type: 'progress', fraction }))
      : parseWorkbook(await file.arrayBuffer(), file.name, (fraction) => post({ type: 'progress', fraction }));
    if (result.rows.length === 0) throw new Error(result.headers.length > 0 ? HEADERS_ONLY_MESSAGE : 'File is empty or invalid');
    parsedRows = result.rows;
    post({ type: 'progress', fraction: 1 });
    // In slices: the page takes each in as a short task instead of one long one.
    for (let from = 0; from < result.rows.length; from += ROWS_PER_MESSAGE) post({ type: 'rows', rows: result.rows.slice(from, from + ROWS_PER_MESSAGE) });
    post({ type: 'done', fileName: result.fileName, headers: result.headers });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error && err.message ? err.message : BROKEN_FILE_MESSAGE });
  }
}

function check(id: number, mapping: Record<string, string>, day: string): void {
  const problems: RowProblems = new Map();
  const warnings: RowProblems = new Map();
  for (let from = 0; from < parsedRows.length; from += ROWS_PER_CHECK_SLICE) {
    checkRowRange(parsedRows, mapping, day, from, from + ROWS_PER_CHECK_SLICE, problems, warnings);
    post({ type: 'checkProgress', id, fraction: Math.min(1, (from + ROWS_PER_CHECK_SLICE) / parsedRows.length) });
  }
  const entries = [...problems];
  const warned = [...warnings];
  const slices = Math.max(1, Math.ceil(Math.max(entries.length, warned.length) / ROWS_PER_MESSAGE));
  for (let slice = 0; slice < slices; slice++) {
    const from = slice * ROWS_PER_MESSAGE;
    post({
      type: 'checked',
      id,
      problems: entries.slice(from, from + ROWS_PER_MESSAGE),
      warnings: warned.slice(from, from + ROWS_PER_MESSAGE),
      done: slice === slices - 1,
    });
  }
}

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const request = event.data;
  if (request.type === 'parse') void parse(request.file);
  else check(request.id, request.mapping, request.today);
};
