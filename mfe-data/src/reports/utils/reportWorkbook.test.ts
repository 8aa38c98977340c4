import * as XLSX from 'xlsx';
import type { ReportTable } from '@caucus/contract';
import { reportFileName, reportWorkbookBytes } from './reportWorkbook';

const table: ReportTable = {
  kind: 'donations',
  title: 'Donation Report',
  columns: ['Date', 'Amount', 'First name', 'Notes'],
  rows: [
    ['2026-02-20', 0.1, '=HYPERLINK("http://evil")', '+1 555 0100'],
    ['2026-02-21', -5, '@SUM(A1)', '-not a formula'],
    ['2026-02-22', 25, 'Ann', null],
    ['2026-02-23', 1, "-2+3+cmd|' /C calc'!A0", '-12.50'],
  ],
};

describe('reportWorkbookBytes', () => {
  test('keeps formula-looking text as text and numbers as numbers', () => {
    const book = XLSX.read(reportWorkbookBytes(XLSX, table), { type: 'array' });
    expect(book.SheetNames).toEqual(['Donation Report']);
    const sheet = book.Sheets['Donation Report'];
    expect(sheet.C2).toMatchObject({ t: 's', v: `'=HYPERLINK("http://evil")` });
    expect(sheet.C2.f).toBeUndefined();
    expect(sheet.D2).toMatchObject({ t: 's', v: "'+1 555 0100" });
    expect(sheet.C3).toMatchObject({ t: 's', v: "'@SUM(A1)" });
    expect(sheet.D3).toMatchObject({ t: 's', v: "'-not a formula" });
    expect(sheet.B2).toMatchObject({ t: 'n', v: 0.1 });
    // A negative amount is a number, not text: it is not escaped.
    expect(sheet.B3).toMatchObject({ t: 'n', v: -5 });
    expect(sheet.C4).toMatchObject({ t: 's', v: 'Ann' });
    expect(sheet.D4).toBeUndefined();
    // The one rule of every file the product writes: formula text escaped, text that is wholly a number kept.
    expect(sheet.C5).toMatchObject({ t: 's', v: "'-2+3+cmd|' /C calc'!A0" });
    expect(sheet.D5).toMatchObject({ t: 's', v: '-12.50' });
  });
});

describe('reportFileName', () => {
  test('names the report and its range', () => {
    expect(reportFileName('Campaign Performance', '2026-01-01', '2026-03-31', 'xlsx')).toBe('campaign-performance_2026-01-01_2026-03-31.xlsx');
    expect(reportFileName('Financial Summary', '', '', 'csv')).toBe('financial-summary_start_today.csv');
  });
});
