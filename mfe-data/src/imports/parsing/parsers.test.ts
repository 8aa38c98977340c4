import * as XLSX from 'xlsx';
import { mapImportRow, validateImportRow } from '@caucus/contract';
import { parseCsv, parseWorkbook, PASSWORD_PROTECTED_MESSAGE, uniqueHeaders } from '@caucus/spreadsheets';

const TODAY = '2026-11-23';

describe('CSV', () => {
  it('reads an ActBlue-style export: BOM, quoted newlines and commas, semicolons in values, empty lines', async () => {
    const text =
      '\uFEFFDonor First Name,Donor Last Name, Amount ,Date,Donor ZIP,Phone,Notes\r\n' +
      'Ada,Lovelace,"$1,250.00",03/15/2026,02134,617-555-0101,"Met at the gala;\r\nwants a call"\r\n' +
      '\r\n' +
      '"O\'Brien, Jr.",Pat,25,3/1/26,02134-1234,(617) 555-0199,"said ""thanks"""\r\n';
    const parsed = await parseCsv(text, 'actblue.csv');
    expect(parsed.headers).toEqual(['Donor First Name', 'Donor Last Name', 'Amount', 'Date', 'Donor ZIP', 'Phone', 'Notes']);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rows[0]).toMatchObject({ Amount: '$1,250.00', 'Donor ZIP': '02134', Phone: '617-555-0101', Notes: 'Met at the gala;\r\nwants a call' });
    expect(parsed.rows[1]).toMatchObject({ 'Donor First Name': "O'Brien, Jr.", Notes: 'said "thanks"', Phone: '(617) 555-0199' });
    const mapping = { Amount: 'amount', Date: 'donationDate', 'Donor ZIP': 'zipCode', 'Donor Last Name': 'lastName' };
    const checked = validateImportRow(mapImportRow(parsed.rows[0], mapping), TODAY);
    expect(checked.errors).toEqual([]);
    expect(checked.values.donation).toMatchObject({ amount: 1250, date: '2026-03-15' });
  });

  it('reads a semicolon-delimited European export and an FEC-style compact date', async () => {
    const parsed = await parseCsv('Name;Betrag;Datum\nMüller, Jörg;10,50;03152026\n', 'eu.csv');
    expect(parsed.headers).toEqual(['Name', 'Betrag', 'Datum']);
    expect(parsed.rows[0]).toEqual({ Name: 'Müller, Jörg', Betrag: '10,50', Datum: '03152026' });
    expect(validateImportRow(mapImportRow(parsed.rows[0], { Datum: 'donationDate', Betrag: 'amount', Name: 'fullName' }), TODAY).values).toMatchObject({
      firstName: 'Jörg',
      lastName: 'Müller',
    });
  });

  it('gives duplicate headers suffixes and calls an empty file empty', async () => {
    expect(uniqueHeaders([' Email ', 'Email', 'Email', ''])).toEqual(['Email', 'Email (2)', 'Email (3)', 'Column 4']);
    await expect(parseCsv('\n\n', 'empty.csv')).rejects.toThrow('File is empty or invalid');
  });
});

function workbookBytes(rows: unknown[][], bookType: XLSX.BookType, extraSheet = false): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Donations');
  if (extraSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Ignored'], ['x']]), 'Other');
  const out = XLSX.write(book, { type: 'array', bookType });
  return out instanceof ArrayBuffer ? out : new Uint8Array(out).buffer;
}

describe('workbooks', () => {
  const rows = [
    ['First', 'Last', 'ZIP', 'Phone', 'Gift Date', 'Serial Date', 'Amount'],
    ['Ada', 'Lovelace', 2134, 6175550101, new Date(2026, 2, 15), 46096, 1250],
    ['Grace', 'Hopper', 90210, '617-555-0199', new Date(2026, 0, 2), 46024, 25.5],
  ];

  it.each(['xlsx', 'biff8'] as const)('reads the first sheet of a %s file: date cells, serial dates, numeric ZIPs and phones as text', (bookType) => {
    const parsed = parseWorkbook(workbookBytes(rows, bookType, true), `donors.${bookType === 'xlsx' ? 'xlsx' : 'xls'}`);
    expect(parsed.headers).toEqual(['First', 'Last', 'ZIP', 'Phone', 'Gift Date', 'Serial Date', 'Amount']);
    expect(parsed.rows[0]).toMatchObject({ ZIP: '2134', Phone: '6175550101', 'Gift Date': '2026-03-15', 'Serial Date': '46096', Amount: '1250' });
    const checked = validateImportRow(
      mapImportRow(parsed.rows[0], { ZIP: 'zipCode', Phone: 'phone', 'Serial Date': 'donationDate', Amount: 'amount', First: 'firstName' }),
      TODAY,
    );
    expect(checked.values).toMatchObject({ zipCode: '02134', phone: '6175550101', donation: { date: '2026-03-15', amount: 1250 } });
    expect(
      validateImportRow(mapImportRow(parsed.rows[1], { 'Gift Date': 'donationDate', Amount: 'amount', First: 'firstName' }), TODAY).values.donation?.date,
    ).toBe('2026-01-02');
  });

  it('reports a password-protected workbook with the parse error text', () => {
    // An encrypted OOXML file is a compound document holding EncryptionInfo and EncryptedPackage.
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]));
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', new Uint8Array(64));
    const bytes = XLSX.CFB.write(cfb, { type: 'array' }) as number[];
    expect(() => parseWorkbook(new Uint8Array(bytes).buffer, 'locked.xlsx')).toThrow(PASSWORD_PROTECTED_MESSAGE);
  });

  it('reports progress honestly: unknown while SheetJS opens the workbook, then rows converted, with no row lost at slice edges', () => {
    const big = [['Email', 'Amount'], ...Array.from({ length: 12_001 }, (_, i) => [`d${i}@example.org`, i + 1])];
    const progress: (number | null)[] = [];
    const parsed = parseWorkbook(workbookBytes(big, 'xlsx'), 'big.xlsx', (fraction) => progress.push(fraction));
    expect(progress[0]).toBeNull();
    const known = progress.slice(1) as number[];
    expect(known.length).toBeGreaterThanOrEqual(3);
    expect(known.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(2);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(known[known.length - 1]).toBe(1);
    expect(parsed.rows).toHaveLength(12_001);
    expect(parsed.rows[4999]).toEqual({ Email: 'd4999@example.org', Amount: '5000' });
    expect(parsed.rows[12_000]).toEqual({ Email: 'd12000@example.org', Amount: '12001' });
  });

  it('refuses a broken file', () => {
    expect(() => parseWorkbook(new TextEncoder().encode('PK\u0003\u0004 not really a zip').buffer as ArrayBuffer, 'broken.xlsx')).toThrow();
  });
});
