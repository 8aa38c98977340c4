/// <reference lib="webworker" />
import { parseCsv } from './csv';
import { parseWorkbook } from './workbook';
import { BROKEN_FILE_MESSAGE, type ParseMessage, type ParseRequest } from './types';

// Parsing runs here, off the main thread, so a 100,000-row file never freezes the page.
const post = (message: ParseMessage) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<ParseRequest>) => {
  const { file } = event.data;
  try {
    const isCsv = /\.csv$/i.test(file.name);
    const result = isCsv
      ? await parseCsv(file, file.name, (fraction) => post({ type: 'progress', fraction }))
      : parseWorkbook(await file.arrayBuffer(), file.name);
    if (result.rows.length === 0) throw new Error('File is empty or invalid');
    post({ type: 'progress', fraction: 1 });
    post({ type: 'done', result });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error && err.message ? err.message : BROKEN_FILE_MESSAGE });
  }
};
