import Papa from 'papaparse';
import { keyRows, uniqueHeaders } from './headers';
import type { ParsedFile } from './types';

/**
 * Streams a CSV (a File in the worker, or text in tests) through papaparse: quoted newlines,
 * quotes, a byte-order mark and the delimiter (comma, semicolon, tab, pipe) are handled; empty
 * lines are skipped. Values stay text exactly as written ("$1,250.00", "02134", "617-555-0101").
 */
export function parseCsv(input: File | string, fileName: string, onProgress?: (fraction: number) => void): Promise<ParsedFile> {
  const size = typeof input === 'string' ? input.length : input.size;
  return new Promise((resolve, reject) => {
    const cells: string[][] = [];
    Papa.parse<string[]>(input as File, {
      header: false,
      skipEmptyLines: 'greedy',
      chunkSize: 1024 * 1024,
      chunk: (results) => {
        for (const row of results.data) cells.push(row);
        if (onProgress && size > 0) onProgress(Math.min(1, results.meta.cursor / size));
      },
      complete: () => {
        if (cells.length === 0) {
          reject(new Error('File is empty or invalid'));
          return;
        }
        const headers = uniqueHeaders(cells[0]);
        resolve({ fileName, headers, rows: keyRows(headers, cells.slice(1)) });
      },
      error: (error: Error) => reject(error),
    });
  });
}
