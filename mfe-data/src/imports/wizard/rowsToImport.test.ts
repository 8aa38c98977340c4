import type { ImportDuplicateFinding } from '@caucus/contract';
import type { ReviewState } from './ReviewStep';
import { rowsToImport } from './rowsToImport';

const parsed = {
  fileName: 'gifts.csv',
  headers: ['Email', 'Amount'],
  rows: [
    { Email: 'ada@example.org', Amount: '25' },
    { Email: 'grace@example', Amount: '50' },
    { Email: 'pat@example.org', Amount: '10' },
    { Email: 'alan@example.org', Amount: '25' },
    { Email: 'sol@example.org', Amount: '5' },
  ],
};

const review: ReviewState = {
  problems: new Map([
    [
      1,
      [
        { field: 'email', message: 'Invalid email format' },
        { field: null, message: 'Row appears odd' },
      ],
    ],
  ]),
  warnings: new Map(),
  warningsConfirmed: false,
  edits: new Map([[4, { Email: 'sol@example.org', Amount: '15' }]]),
  excluded: new Set([2]),
  importType: 'mixed',
};

const duplicate = (rowNumber: number): ImportDuplicateFinding => ({
  rowNumber,
  reason: 'Possible duplicate of row 1 of this file',
  existing: null,
  duplicateOfRow: 1,
});

test('sends the kept rows as edited, skips rows with problems and repeated gifts with their reasons, and leaves out the rest', () => {
  const result = rowsToImport(parsed, review, new Map([[3, duplicate(4)]]), new Set());
  expect(result.rows).toEqual([parsed.rows[0], { Email: 'sol@example.org', Amount: '15' }]);
  expect(result.rowNumbers).toEqual([1, 5]);
  expect(result.skipped).toEqual([
    { rowNumber: 2, row: parsed.rows[1], reason: 'Invalid email format; Row appears odd' },
    { rowNumber: 4, row: parsed.rows[3], reason: 'Possible duplicate of row 1 of this file' },
  ]);
  expect(result.leftOut).toBe(1);
});

test('a repeated gift the user includes is sent like any other row', () => {
  const result = rowsToImport(parsed, review, new Map([[3, duplicate(4)]]), new Set([3]));
  expect(result.rowNumbers).toEqual([1, 4, 5]);
  expect(result.skipped.map((row) => row.rowNumber)).toEqual([2]);
});
