import { csvField, csvLine, escapeSpreadsheetText, spreadsheetCell } from './spreadsheet';

describe('the spreadsheet escaping rule', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1 555 0100', "'+1 555 0100"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-1e5x', "'-1e5x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-', "'-"],
    ['Ann', 'Ann'],
    ['', ''],
  ])('escapes %j as %j', (text, escaped) => {
    expect(escapeSpreadsheetText(text)).toBe(escaped);
  });

  it.each(['-12.50', '+5', '-0.1', '-.5', '-1e5', '12'])('keeps %j, wholly a number', (text) => {
    expect(escapeSpreadsheetText(text)).toBe(text);
  });

  it('keeps numbers numbers and nothing empty in a sheet', () => {
    expect(spreadsheetCell(-5)).toBe(-5);
    expect(spreadsheetCell(null)).toBeNull();
    expect(spreadsheetCell(undefined)).toBeNull();
    expect(spreadsheetCell(true)).toBe('true');
  });

  it('writes RFC 4180 fields and lines, escaping before quoting', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField(null)).toBe('');
    expect(csvLine([1, -12.5, '-12.50', '-1+1'])).toBe("1,-12.5,-12.50,'-1+1\r\n");
  });
});
