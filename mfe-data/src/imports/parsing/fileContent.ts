// What a file really is, read from its bytes before any parser sees it. The extension and the type
// the browser reports are only names: a PNG renamed .csv "read 1 row", an HTML page renamed .xlsx was
// read as a sheet, and a 2 MB workbook whose parts expand to gigabytes took 4.3 GB of memory for 13 s
// before failing. A CSV must be text; an XLSX must be a ZIP holding the OOXML parts, and what its ZIP
// directory declares uncompressed must stay within MAX_WORKBOOK_UNCOMPRESSED_BYTES; an XLS must be an
// OLE compound file (or an XLSX under the old name, which the reader opens the same way). A
// password-protected XLSX is an OLE compound file too (the encrypted package inside it): it is let
// through so that the reader can say it is password-protected. OLE files are not compressed, so
// they are never larger than the 10 MB read.
//
// The ZIP directory's sizes are what the file declares: a crafted file can declare less than it
// inflates to. This check refuses the honest bombs and every mislabelled file before parsing; the
// parser's own limits are what remains against a lying one.

export type FileProblem = { title: string; detail: string };

/**
 * The stated import limit ("up to 10MB", docs/product/imports.md, The wizard), enforced to the byte:
 * 10 MiB, as the wizard shows sizes.
 */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
/**
 * A workbook's parts together, uncompressed, as its ZIP directory declares them. Spreadsheet XML
 * compresses about 5-10 times: a 10 MB workbook of real rows declares well under this.
 */
export const MAX_WORKBOOK_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** The start of a CSV examined for binary content. */
const SNIFF_BYTES = 64 * 1024;
export const HEADERS_ONLY_MESSAGE = 'The file has headers but no data rows';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

export function tooLargeProblem(size: number): FileProblem | null {
  if (size <= MAX_IMPORT_FILE_BYTES) return null;
  return {
    title: 'File is too large',
    detail: `This file is ${megabytes(size)}; the limit is 10 MB. Split it into smaller files, or remove columns you do not import, and upload each.`,
  };
}

const SIGNATURES: [string, number[]][] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['a ZIP archive (an XLSX workbook?)', [0x50, 0x4b, 0x03, 0x04]],
  ['an old Excel (XLS) or Word file', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['a RAR archive', [0x52, 0x61, 0x72, 0x21]],
  ['a 7-Zip archive', [0x37, 0x7a, 0xbc, 0xaf]],
  ['a program', [0x4d, 0x5a]],
];

const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The kind of binary file the bytes start like, or null. */
export function binaryKind(bytes: Uint8Array): string | null {
  for (const [kind, signature] of SIGNATURES) if (startsWith(bytes, signature)) return kind;
  return null;
}

/** A CSV's first bytes: text, not a renamed image or archive, and no NUL (text never holds one). */
export function csvProblem(start: Uint8Array, fileName: string): FileProblem | null {
  if (startsWith(start, [0xff, 0xfe]) || startsWith(start, [0xfe, 0xff])) {
    return { title: 'Unsupported text encoding', detail: `${fileName} is saved as UTF-16 text. Save it as "CSV UTF-8" and upload it again.` };
  }
  const kind = binaryKind(start);
  if (kind || start.includes(0)) {
    return {
      title: 'Not a CSV file',
      detail: `${fileName} holds binary data${kind ? ` (it is ${kind})` : ''}, not text. Export the data as CSV, XLS or XLSX and upload that.`,
    };
  }
  return null;
}

const notWorkbook = (fileName: string, what: string): FileProblem => ({
  title: 'Not an Excel workbook',
  detail: `${fileName} is not ${what}. Open it in your spreadsheet program, save it as XLSX or CSV, and upload that.`,
});

type ZipEntry = { name: string; uncompressed: number };

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

/**
 * The entries of a ZIP's central directory (names and declared uncompressed sizes), from the end of
 * the file: `tail` holds its last bytes (the end record and the directory), `size` the file's length.
 * Null when there is no readable directory in the tail.
 */
export function zipDirectory(tail: Uint8Array, size: number): ZipEntry[] | null {
  // End of central directory: signature PK\5\6, at least 22 bytes from the end (more with a comment).
  let eocd = -1;
  for (let at = tail.length - 22; at >= Math.max(0, tail.length - 22 - 0xffff); at--) {
    if (tail[at] === 0x50 && tail[at + 1] === 0x4b && tail[at + 2] === 0x05 && tail[at + 3] === 0x06) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = u16(tail, eocd + 10);
  const dirSize = u32(tail, eocd + 12);
  const dirOffset = u32(tail, eocd + 16);
  // ZIP64 (an archive of more than 65,535 entries or 4 GB): far past any workbook this takes.
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return [{ name: 'zip64', uncompressed: Number.POSITIVE_INFINITY }];
  const tailStart = size - tail.length;
  let at = dirOffset - tailStart;
  if (at < 0 || at + dirSize > eocd) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > tail.length || u32(tail, at) !== 0x02014b50) return null;
    const uncompressed = u32(tail, at + 24);
    const nameLength = u16(tail, at + 28);
    const extraLength = u16(tail, at + 30);
    const commentLength = u16(tail, at + 32);
    const name = decoder.decode(tail.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, uncompressed: uncompressed === 0xffffffff ? Number.POSITIVE_INFINITY : uncompressed });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An OOXML workbook: its ZIP directory names the content types and the workbook part. */
export function workbookZipProblem(entries: ZipEntry[] | null, fileName: string): FileProblem | null {
  if (!entries) return notWorkbook(fileName, 'a readable XLSX workbook (its ZIP directory is missing or damaged)');
  const names = new Set(entries.map((e) => e.name.replace(/^\//, '')));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    return notWorkbook(fileName, 'an Excel workbook (it is a ZIP archive without the workbook parts)');
  const declared = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (declared > MAX_WORKBOOK_UNCOMPRESSED_BYTES) {
    return {
      title: 'Workbook is too large to open',
      detail: `${fileName} expands to ${Number.isFinite(declared) ? megabytes(declared) : 'more than 4 GB'} when opened; the limit is ${megabytes(MAX_WORKBOOK_UNCOMPRESSED_BYTES)}. Save the sheet you import as CSV, or split the workbook, and upload that.`,
    };
  }
  return null;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  // Older environments (and jsdom) without Blob.arrayBuffer.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Reads what it needs of the file (its start, and a workbook's ZIP directory at its end) and says
 * what is wrong with its content for its extension, or null. Size first: nothing of a file over the
 * limit is read.
 */
export async function checkFileContent(file: Blob & { name: string }): Promise<FileProblem | null> {
  const large = tooLargeProblem(file.size);
  if (large) return large;
  const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const start = await bytesOf(file.slice(0, SNIFF_BYTES));
  if (extension === 'csv') return csvProblem(start, file.name);
  const zip = startsWith(start, ZIP_MAGIC);
  if (startsWith(start, OLE_MAGIC)) return null;
  if (!zip)
    return notWorkbook(
      file.name,
      extension === 'xls' ? 'an Excel workbook (an XLS file starts with the OLE signature)' : 'an Excel workbook (an XLSX file is a ZIP archive)',
    );
  // The directory is at the end of the ZIP; the file is at most 10 MB, so it is read whole.
  return workbookZipProblem(zipDirectory(await bytesOf(file), file.size), file.name);
}
