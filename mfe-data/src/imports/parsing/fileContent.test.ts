import * as XLSX from 'xlsx';
import { checkFileContent, MAX_IMPORT_FILE_BYTES, MAX_WORKBOOK_UNCOMPRESSED_BYTES, zipDirectory } from './fileContent';
import { checkImportFile } from './parseFile';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const file = (parts: BlobPart[], name: string, type = '') => new File(parts, name, { type });

/** A ZIP holding the named entries, each stored with the uncompressed size it declares (no data: only the directory is read). */
function zipWith(entries: { name: string; declared: number }[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const locals: number[] = [];
  const directory: number[] = [];
  const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
  const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
  for (const entry of entries) {
    const name = [...encoder.encode(entry.name)];
    const offset = locals.length;
    locals.push(
      ...le32(0x04034b50),
      ...le16(20),
      ...le16(0),
      ...le16(8),
      ...le16(0),
      ...le16(0),
      ...le32(0),
      ...le32(0),
      ...le32(entry.declared),
      ...le16(name.length),
      ...le16(0),
      ...name,
    );
    directory.push(
      ...le32(0x02014b50),
      ...le16(20),
      ...le16(20),
      ...le16(0),
      ...le16(8),
      ...le16(0),
      ...le16(0),
      ...le32(0),
      ...le32(0),
      ...le32(entry.declared),
      ...le16(name.length),
      ...le16(0),
      ...le16(0),
      ...le16(0),
      ...le16(0),
      ...le32(0),
      ...le32(offset),
      ...name,
    );
  }
  const end = [
    ...le32(0x06054b50),
    ...le16(0),
    ...le16(0),
    ...le16(entries.length),
    ...le16(entries.length),
    ...le32(directory.length),
    ...le32(locals.length),
    ...le16(0),
  ];
  return new Uint8Array([...locals, ...directory, ...end]);
}

describe('what a file really is', () => {
  test('the 10 MB limit is enforced to the byte, before anything is read', async () => {
    const exact = file([new Uint8Array(MAX_IMPORT_FILE_BYTES).fill(0x61)], 'big.csv', 'text/csv');
    expect(checkImportFile(exact)).toBeNull();
    const over = file([new Uint8Array(MAX_IMPORT_FILE_BYTES + 1)], 'big.csv', 'text/csv');
    expect(checkImportFile(over)).toEqual({ title: 'File is too large', detail: expect.stringContaining('the limit is 10 MB') });
    const eleven = file([new Uint8Array(11 * 1024 * 1024)], 'eleven.csv', 'text/csv');
    expect(await checkFileContent(eleven)).toEqual({
      title: 'File is too large',
      detail: expect.stringContaining('This file is 11.00 MB; the limit is 10 MB'),
    });
  });

  test('a CSV must be text: a renamed PNG, binary with NULs, or UTF-16 is refused with what it is', async () => {
    expect(await checkFileContent(file([new Uint8Array(PNG)], 'photo.csv', 'text/csv'))).toEqual({
      title: 'Not a CSV file',
      detail: 'photo.csv holds binary data (it is a PNG image), not text. Export the data as CSV, XLS or XLSX and upload that.',
    });
    expect((await checkFileContent(file(['Email,Amount\n', new Uint8Array([0x61, 0, 0x62])], 'nul.csv')))?.title).toBe('Not a CSV file');
    expect((await checkFileContent(file([new Uint8Array([0xff, 0xfe, 0x45, 0])], 'utf16.csv')))?.title).toBe('Unsupported text encoding');
    expect(await checkFileContent(file(['\uFEFFEmail,Amount\nada@example.org,"$1,250.00"\n'], 'ok.csv'))).toBeNull();
  });

  test('an XLSX must be a ZIP with the workbook parts: HTML or a plain ZIP renamed .xlsx is refused', async () => {
    const html = await checkFileContent(file(['<html><body><table><tr><td>Email</td></tr></table></body></html>'], 'export.xlsx'));
    expect(html).toEqual({
      title: 'Not an Excel workbook',
      detail: expect.stringContaining('export.xlsx is not an Excel workbook (an XLSX file is a ZIP archive)'),
    });
    const plainZip = await checkFileContent(file([zipWith([{ name: 'notes.txt', declared: 10 }])], 'notes.xlsx'));
    expect(plainZip?.detail).toContain('a ZIP archive without the workbook parts');
    // A real workbook passes.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Email'], ['ada@example.org']]), 'Sheet1');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    expect(await checkFileContent(file([bytes], 'real.xlsx'))).toBeNull();
    // An XLS must be an OLE compound file (or an XLSX under the old name).
    expect((await checkFileContent(file(['Email\tAmount\n'], 'old.xls')))?.detail).toContain('an XLS file starts with the OLE signature');
    expect(await checkFileContent(file([bytes], 'renamed.xls'))).toBeNull();
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await checkFileContent(file([ole], 'legacy.xls'))).toBeNull();
    // A password-protected XLSX is an OLE file holding the encrypted package: the reader says so.
    expect(await checkFileContent(file([ole], 'locked.xlsx'))).toBeNull();
  });

  test('a workbook whose parts declare more than the limit uncompressed is refused from its ZIP directory, before it is opened', async () => {
    const bomb = zipWith([
      { name: '[Content_Types].xml', declared: 1000 },
      { name: 'xl/workbook.xml', declared: 1000 },
      { name: 'xl/worksheets/sheet1.xml', declared: 0xfffffffe },
    ]);
    expect(zipDirectory(bomb, bomb.length)?.map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(await checkFileContent(file([bomb], 'bomb.xlsx'))).toEqual({
      title: 'Workbook is too large to open',
      detail: expect.stringContaining('bomb.xlsx expands to 4096.00 MB when opened; the limit is 200.00 MB'),
    });
    const fits = zipWith([
      { name: '[Content_Types].xml', declared: 1000 },
      { name: 'xl/workbook.xml', declared: 1000 },
      { name: 'xl/worksheets/sheet1.xml', declared: MAX_WORKBOOK_UNCOMPRESSED_BYTES - 2000 },
    ]);
    expect(await checkFileContent(file([fits], 'fits.xlsx'))).toBeNull();
    expect((await checkFileContent(file([bomb.slice(0, bomb.length - 30) as Uint8Array<ArrayBuffer>], 'cut.xlsx')))?.detail).toContain(
      'its ZIP directory is missing or damaged',
    );
  });
});
