/** A file as the wizard holds it (SPEC point 3: Parsed import file): rows keyed by the headers. */
export type ParsedFile = { fileName: string; headers: string[]; rows: Record<string, string>[] };

export type ParseRequest = { file: File };
export type ParseMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: ParsedFile }
  | { type: 'error'; message: string };

export const PASSWORD_PROTECTED_MESSAGE = 'This file is password-protected. Remove the password in your spreadsheet program and upload it again.';
export const BROKEN_FILE_MESSAGE = 'Please check the file format and try again.';
