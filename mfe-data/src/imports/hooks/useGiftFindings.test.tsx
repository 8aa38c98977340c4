import { act, renderHook } from '@testing-library/react';
import { clearToasts, toast } from '@caucus/platform';
import { mockApi } from '@caucus/platform/testing';
import { useGiftFindings, type GiftCheckRun } from './useGiftFindings';

afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
});

const parsed = {
  fileName: 'gifts.csv',
  headers: ['Email', 'Amount'],
  rows: [
    { Email: 'ada@example.org', Amount: '25' },
    { Email: 'grace@example', Amount: '50' },
    { Email: 'ada@example.org', Amount: '25' },
  ],
};
const limitWarning = {
  rowNumber: 3,
  contactId: 'c-1',
  contributor: 'Ada',
  electionCode: 'G2026',
  aggregate: 3300,
  after: 3325,
  limit: 3300,
  message: 'Over the limit',
};

function run(overrides: Partial<GiftCheckRun> = {}): GiftCheckRun {
  return {
    parsed,
    mapping: { Email: 'email', Amount: 'amount' },
    problems: new Map([[1, []]]),
    edits: new Map([[2, { Email: 'ada@example.org', Amount: '30' }]]),
    isCurrent: () => true,
    ...overrides,
  };
}

function api() {
  const bodies: Record<string, unknown> = {};
  mockApi((url, init) => {
    bodies[url.pathname] = JSON.parse(String(init?.body));
    if (url.pathname === '/api/data-import/duplicates') {
      return { body: { data: { duplicates: [{ rowNumber: 3, reason: 'Possible duplicate of row 1 of this file', existing: null, duplicateOfRow: 1 }] } } };
    }
    return { body: { data: { warnings: [limitWarning] } } };
  });
  return bodies;
}

test('asks about the rows without problems, as edited, and keeps what the API finds', async () => {
  const bodies = api();
  const { result } = renderHook(() => useGiftFindings());
  const progress = jest.fn();
  await act(() => result.current.findDuplicates(run(), false, progress));
  await act(() => result.current.findLimitWarnings(run(), 'cmp-1'));
  expect(bodies['/api/data-import/duplicates']).toMatchObject({ rowNumbers: [1, 3], rows: [parsed.rows[0], { Email: 'ada@example.org', Amount: '30' }] });
  expect(bodies['/api/data-import/limits']).toMatchObject({ campaignId: 'cmp-1', rowNumbers: [1, 3] });
  expect(progress).toHaveBeenCalledWith(1);
  expect([...result.current.duplicates.keys()]).toEqual([2]);
  expect(result.current.includedDuplicates.size).toBe(0);
  expect(result.current.limitWarnings).toEqual([limitWarning]);

  act(() => result.current.reset());
  expect(result.current.duplicates.size).toBe(0);
  expect(result.current.limitWarnings).toEqual([]);
});

test('a file imported again starts with its repeated gifts included; a run no longer current keeps nothing', async () => {
  api();
  const { result } = renderHook(() => useGiftFindings());
  await act(() => result.current.findDuplicates(run(), true, () => undefined));
  expect([...result.current.includedDuplicates]).toEqual([2]);

  act(() => result.current.reset());
  await act(() => result.current.findDuplicates(run({ isCurrent: () => false }), false, () => undefined));
  await act(() => result.current.findLimitWarnings(run({ isCurrent: () => false }), 'cmp-1'));
  expect(result.current.duplicates.size).toBe(0);
  expect(result.current.limitWarnings).toEqual([]);
});

test('asks nothing when no amount is mapped or no campaign is chosen, and only warns when the API fails', async () => {
  const fetch = api();
  const { result } = renderHook(() => useGiftFindings());
  await act(() => result.current.findDuplicates(run({ mapping: { Email: 'email' } }), false, () => undefined));
  await act(() => result.current.findLimitWarnings(run(), ''));
  expect(Object.keys(fetch)).toEqual([]);

  mockApi(() => ({ status: 503, body: { message: 'Unavailable' } }));
  const error = jest.spyOn(toast, 'error');
  await act(() => result.current.findDuplicates(run(), false, () => undefined));
  await act(() => result.current.findLimitWarnings(run(), 'cmp-1'));
  expect(error).toHaveBeenCalledWith('Duplicate check unavailable', 'Rows that repeat gifts already recorded will still be skipped by the import.');
  expect(error).toHaveBeenCalledWith('Limit check unavailable', 'Gifts past the contribution limit will still be flagged on the Compliance tab.');
  expect(result.current.duplicates.size).toBe(0);
});
