// The browser's readers of the files people import: a contact and gift file (mfe-data's wizard, in
// a worker) and a committee's disbursements (mfe-financials). A package of its own because a remote
// never imports another remote (docs/adr/0017-walls-lint-and-boundaries.md).
export { parseCsv } from './csv';
export { keyRows, uniqueHeaders } from './headers';
export { PASSWORD_PROTECTED_MESSAGE, type ParsedFile } from './types';
export { parseWorkbook } from './workbook';
