// The contact import's readers (@caucus/spreadsheets): papaparse for CSV, SheetJS for the first
// sheet of an XLS or XLSX, headers trimmed and made unique, values kept as text. A disbursements
// file is small (a committee's payments), so it is read here rather than in a worker.
import { parseCsv, parseWorkbook } from '@caucus/spreadsheets';

export type Sheet = { fileName: string; headers: string[]; rows: Record<string, string>[] };

export const SPREADSHEET_ACCEPT = '.csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;

function read(file: File, as: 'text' | 'buffer'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(new Error('The file could not be read'));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/** Reads a CSV, XLS or XLSX file; throws with a message for the person importing. */
export async function readSpreadsheet(file: File): Promise<Sheet> {
  if (!/\.(csv|xls|xlsx)$/i.test(file.name)) throw new Error('Please upload a CSV, XLS, or XLSX file');
  if (file.size === 0) throw new Error('File is empty or invalid');
  if (file.size > SPREADSHEET_MAX_BYTES) throw new Error('File size must be less than 10MB');
  const sheet = /\.csv$/i.test(file.name)
    ? await parseCsv(String(await read(file, 'text')), file.name)
    : parseWorkbook((await read(file, 'buffer')) as ArrayBuffer, file.name);
  if (sheet.rows.length === 0) throw new Error('The file has a header row but no data');
  return sheet;
}
