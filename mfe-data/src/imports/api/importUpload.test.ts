import { mockApi } from '@caucus/platform/testing';
import { MAX_IMPORT_ROWS_PER_REQUEST } from '@caucus/contract';
import { batchEnd, MAX_BATCH_BYTES, startImport } from './importUpload';

/** The API's default body limit for import requests (IMPORT_BODY_LIMIT_BYTES in api/src/config.ts). */
const API_IMPORT_BODY_LIMIT = 128 * 1024 * 1024;

// A 78-column export such as NGP VAN's or FEC's: long headers, short values.
const WIDE_HEADERS = Array.from({ length: 78 }, (_, i) => `Contributor Field Number ${i + 1}`);
const wideRow = Object.fromEntries(WIDE_HEADERS.map((h, i) => [h, `value ${i} of a donor`]));
const request = {
  campaignId: 'c1',
  donationAccountId: null,
  fileName: 'wide.csv',
  headers: WIDE_HEADERS,
  mapping: { [WIDE_HEADERS[0]]: 'email' as const },
  importType: 'mixed' as const,
};

describe('import batches', () => {
  test('a request holds at most 200,000 rows, and a narrow file fills its byte budget', () => {
    const rows = new Array(250_000).fill({ Email: 'a@example.org', Amount: '10' });
    expect(batchEnd(rows, 0, MAX_IMPORT_ROWS_PER_REQUEST, Infinity)).toBe(MAX_IMPORT_ROWS_PER_REQUEST);
    expect(batchEnd(rows, MAX_IMPORT_ROWS_PER_REQUEST, MAX_IMPORT_ROWS_PER_REQUEST, Infinity)).toBe(250_000);
    const end = batchEnd(rows, 0);
    const body = JSON.stringify({ rows: rows.slice(0, end), rowNumbers: rows.slice(0, end).map((_, i) => i + 1) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_BATCH_BYTES * 0.8);
  });

  test('a wide export is cut by size: 200,000 of its rows would be far over the API body limit', () => {
    const rows = new Array(MAX_IMPORT_ROWS_PER_REQUEST).fill(wideRow);
    expect(JSON.stringify(wideRow).length * rows.length).toBeGreaterThan(API_IMPORT_BODY_LIMIT);
    const end = batchEnd(rows, 0);
    expect(end).toBeGreaterThan(1000);
    expect(end).toBeLessThan(rows.length);
    const body = JSON.stringify({ rows: rows.slice(0, end), rowNumbers: rows.slice(0, end).map((_, i) => i + 1) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(MAX_BATCH_BYTES).toBeLessThanOrEqual(API_IMPORT_BODY_LIMIT / 4);
  });

  test('one oversized row still goes (alone), so the server can answer for it', () => {
    expect(batchEnd([{ Notes: 'x'.repeat(100) }, { Notes: 'y' }], 0, 10, 50)).toBe(1);
  });

  test('startImport sends every row once, in order, each request under the byte budget', async () => {
    const bodies: { path: string; bytes: number; body: { rows: unknown[]; rowNumbers: number[]; hasMore: boolean } }[] = [];
    mockApi((url, init) => {
      const text = String(init?.body);
      bodies.push({ path: url.pathname, bytes: Buffer.byteLength(text), body: JSON.parse(text) });
      return { status: 202, body: { data: { message: 'ok', importId: 'imp-1', recordsToProcess: 0 } } };
    });
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ ...wideRow, [WIDE_HEADERS[0]]: `donor${i}@example.org` }));
    const progress: number[] = [];
    const result = await startImport(
      request,
      rows,
      rows.map((_, i) => i + 1),
      (f) => progress.push(f),
    );
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies[0].path).toBe('/api/data-import/import');
    expect(bodies.slice(1).every((b) => b.path === '/api/data-import/imp-1/rows')).toBe(true);
    expect(bodies.every((b) => b.bytes <= MAX_BATCH_BYTES)).toBe(true);
    expect(bodies.map((b) => b.body.hasMore)).toEqual([...bodies.slice(1).map(() => true), false]);
    expect(bodies.flatMap((b) => b.body.rowNumbers)).toEqual(rows.map((_, i) => i + 1));
    expect(progress[progress.length - 1]).toBe(1);
    expect(result.recordsToProcess).toBe(12_000);
  });

  test('rows skipped in review go with the kept rows, in file order, in the same batches', async () => {
    const bodies: {
      path: string;
      body: { rows: { E: string }[]; rowNumbers: number[]; skippedRows: { rowNumber: number; reason: string }[]; hasMore: boolean };
    }[] = [];
    mockApi((url, init) => {
      bodies.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      return { status: 202, body: { data: { message: 'ok', importId: 'imp-2', recordsToProcess: 0 } } };
    });
    const kept = [1, 4, 5].map((n) => ({ E: `k${n}` }));
    const skipped = [2, 3, 6].map((n) => ({ rowNumber: n, row: { E: `s${n}` }, reason: 'Invalid email format' }));
    const result = await startImport(request, kept, [1, 4, 5], undefined, { maxRows: 2 }, skipped);
    expect(bodies.map((b) => [b.path, b.body.rowNumbers, b.body.skippedRows.map((r) => r.rowNumber), b.body.hasMore])).toEqual([
      ['/api/data-import/import', [1], [2], true],
      ['/api/data-import/imp-2/rows', [4], [3], true],
      ['/api/data-import/imp-2/rows', [5], [6], false],
    ]);
    expect(result.recordsToProcess).toBe(3);
  });
});
