import type { ImportCellError } from '@caucus/contract';
import { checkImportFile, parseImportFile } from './parseFile';
import { ROWS_PER_MESSAGE, type ParseMessage } from './types';

/**
 * Runs parse.worker.ts in this process behind a Worker-shaped object: the worker's `self` is a scope
 * whose postMessage delivers to the page side, one message at a time, as a real worker does.
 */
class InProcessWorker {
  static last: InProcessWorker | null = null;
  onmessage: ((event: MessageEvent<ParseMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: ParseMessage[] = [];
  terminated = false;
  private scope: { onmessage: ((event: { data: unknown }) => void) | null; postMessage: (message: ParseMessage) => void; [name: string]: unknown };

  constructor(readonly url: string) {
    InProcessWorker.last = this;
    // papaparse reads its globals from `self`: these let it stream the File with jsdom's FileReader.
    this.scope = {
      document: window.document,
      File: window.File,
      Blob: window.Blob,
      FileReader: window.FileReader,
      onmessage: null,
      postMessage: (message) => {
        if (this.terminated) return;
        this.received.push(message);
        this.onmessage?.({ data: structuredClone(message) } as MessageEvent<ParseMessage>);
      },
    };
    Object.defineProperty(window, 'self', { value: this.scope, configurable: true, writable: true });
    jest.isolateModules(() => {
      require('./parse.worker');
    });
  }

  postMessage(data: unknown) {
    setTimeout(() => this.scope.onmessage?.({ data }), 0);
  }

  terminate() {
    this.terminated = true;
  }
}

const realSelf = Object.getOwnPropertyDescriptor(window, 'self');
beforeAll(() => {
  (globalThis as unknown as { __webpack_public_path__: string }).__webpack_public_path__ = '/remotes/data/';
  (globalThis as unknown as { Worker: unknown }).Worker = InProcessWorker;
});
afterAll(() => {
  if (realSelf) Object.defineProperty(window, 'self', realSelf);
});

describe('parseImportFile', () => {
  test('rows arrive in slices, then the worker checks them all against a mapping and stays until closed', async () => {
    // Every 5,000th row from row 3 has a bad amount; row 7 a gift over the largest FEC limit (a warning).
    const lines = ['Email,Amount', ...Array.from({ length: 25_000 }, (_, i) => `d${i}@example.org,${i % 5000 === 3 ? 'ten' : i === 7 ? 99999999999 : i + 1}`)];
    const file = new File([`${lines.join('\n')}\n`], 'gifts.csv', { type: 'text/csv' });
    const progress: (number | null)[] = [];
    const job = parseImportFile(file, (fraction) => progress.push(fraction));
    const worker = InProcessWorker.last!;
    expect(worker.url).toBe('http://localhost/remotes/data/import-parser.worker.js');

    const parsed = await job.promise;
    expect(parsed.headers).toEqual(['Email', 'Amount']);
    expect(parsed.rows).toHaveLength(25_000);
    expect(parsed.rows[24_999]).toEqual({ Email: 'd24999@example.org', Amount: '25000' });
    expect(parsed.rows[7]).toEqual({ Email: 'd7@example.org', Amount: '99999999999' });
    const slices = worker.received.filter((m) => m.type === 'rows');
    expect(slices).toHaveLength(Math.ceil(25_000 / ROWS_PER_MESSAGE));
    expect(progress[progress.length - 1]).toBe(1);

    const checkProgress: number[] = [];
    const { problems, warnings } = await job.checkRows({ Email: 'email', Amount: 'amount' }, '2026-11-23', (f) => checkProgress.push(f));
    expect([...problems.keys()]).toEqual([3, 5003, 10003, 15003, 20003]);
    expect(problems.get(3)).toEqual<ImportCellError[]>([{ field: 'amount', message: 'Invalid amount format' }]);
    // Rows over $5,000 (the largest FEC limit) warn: 7, and every row from 5,000 on with its amount as written.
    expect(warnings.get(7)).toEqual<ImportCellError[]>([{ field: 'amount', message: 'Amount is over $5,000, the largest FEC contribution limit' }]);
    expect(warnings.has(3)).toBe(false);
    expect(checkProgress.length).toBeGreaterThan(2);
    expect(checkProgress[checkProgress.length - 1]).toBe(1);

    // Another mapping, the same rows: nothing to send again.
    const none = await job.checkRows({ Email: 'email' }, '2026-11-23');
    expect([none.problems.size, none.warnings.size]).toEqual([0, 0]);
    expect(worker.terminated).toBe(false);
    job.close();
    expect(worker.terminated).toBe(true);
  });

  test('an empty file rejects with its error text and ends the worker', async () => {
    const job = parseImportFile(new File(['\n\n'], 'empty.csv', { type: 'text/csv' }), () => undefined);
    await expect(job.promise).rejects.toThrow('File is empty or invalid');
    expect(InProcessWorker.last!.terminated).toBe(true);
  });

  test('checks before reading: type, extension, size (docs/product/validation.md and messages.md)', () => {
    expect(checkImportFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toEqual({
      title: 'Invalid file type',
      detail: 'Please upload a CSV, XLS, or XLSX file',
    });
    expect(checkImportFile(new File(['x'], 'a.tsv', { type: 'text/csv' }))).toEqual({
      title: 'Unsupported file format',
      detail: 'Please upload a CSV, XLS, or XLSX file',
    });
    expect(checkImportFile(new File([], 'a.csv', { type: 'text/csv' }))).toEqual({
      title: 'File is empty or invalid',
      detail: 'Please check the file format and try again.',
    });
    expect(checkImportFile(new File(['x'], 'a.xlsx', { type: '' }))).toBeNull();
  });
});
