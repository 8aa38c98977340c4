import type { ParsedFile, ParseMessage } from './types';

export const ACCEPTED_TYPES = ['text/csv', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const EXTENSIONS = /\.(csv|xls|xlsx)$/i;

/** SPEC point 5 and 8: the checks before a file is read, with their texts (title, detail). */
export function checkImportFile(file: File): { title: string; detail: string } | null {
  // Some systems send CSV with no type (or as Excel); the extension decides then.
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return { title: 'Invalid file type', detail: 'Please upload a CSV, XLS, or XLSX file' };
  if (!EXTENSIONS.test(file.name)) return { title: 'Unsupported file format', detail: 'Please upload a CSV, XLS, or XLSX file' };
  if (file.size === 0) return { title: 'File is empty or invalid', detail: 'Please check the file format and try again.' };
  return null;
}

declare const __webpack_public_path__: string;

/**
 * The parser worker is built beside this remote (webpack.config.js) and loaded from the remote's own
 * address: a script URL, never a blob, so the page's Content-Security-Policy ('self') allows it.
 */
function createParserWorker(): Worker {
  return new Worker(new URL('import-parser.worker.js', new URL(__webpack_public_path__, window.location.href)).href);
}

/** Parses in a Web Worker; progress is the share of the file read (0-1). */
export function parseImportFile(file: File, onProgress: (fraction: number) => void): { promise: Promise<ParsedFile>; cancel: () => void } {
  const worker = createParserWorker();
  const promise = new Promise<ParsedFile>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ParseMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.fraction);
      else if (message.type === 'done') {
        resolve(message.result);
        worker.terminate();
      } else {
        reject(new Error(message.message));
        worker.terminate();
      }
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || 'Please check the file format and try again.'));
      worker.terminate();
    };
  });
  worker.postMessage({ file });
  return { promise, cancel: () => worker.terminate() };
}
