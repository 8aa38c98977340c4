/** A file as an import holds it: rows keyed by the headers, every value kept as the text it was. */
export type ParsedFile = { fileName: string; headers: string[]; rows: Record<string, string>[] };

export const PASSWORD_PROTECTED_MESSAGE = 'This file is password-protected. Remove the password in your spreadsheet program and upload it again.';
