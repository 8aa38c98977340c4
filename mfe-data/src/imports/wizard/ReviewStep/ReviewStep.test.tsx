import { useState } from 'react';
import { workspaceCalendarDate } from '@caucus/platform';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkRowFully, type RowProblems } from '../../parsing/checkRows';
import type { Mapping } from '../autoMap';
import { capitalNameRows, keptCount, keptWarnings, ReviewStep, type ReviewState } from '.';

const headers = ['Donor First Name', 'Donor Last Name', 'Donor Email', 'Amount'];
const mapping: Mapping = { 'Donor First Name': 'firstName', 'Donor Last Name': 'lastName', 'Donor Email': 'email', Amount: 'amount' };
const rows = [
  { 'Donor First Name': 'Ada', 'Donor Last Name': 'Lovelace', 'Donor Email': 'ada@example.org', Amount: '25' },
  { 'Donor First Name': 'Grace', 'Donor Last Name': 'Hopper', 'Donor Email': 'grace@example', Amount: '50' },
  { 'Donor First Name': 'SOLOMON', 'Donor Last Name': 'ORTIZ', 'Donor Email': 'sol@example.org', Amount: '10' },
];

/** The review as the wizard starts it: every row checked once. */
function checked(): ReviewState {
  const problems: RowProblems = new Map();
  const warnings: RowProblems = new Map();
  rows.forEach((row, index) => {
    const result = checkRowFully(row, mapping, workspaceCalendarDate());
    if (result.errors.length > 0) problems.set(index, result.errors);
    else if (result.warnings.length > 0) warnings.set(index, result.warnings);
  });
  return { problems, warnings, warningsConfirmed: false, edits: new Map(), excluded: new Set(), importType: 'mixed' };
}

let latest: ReviewState;
function Review() {
  const [state, setState] = useState(checked);
  latest = state;
  return <ReviewStep headers={headers} mapping={mapping} rows={rows} state={state} onChange={setState} />;
}

test('an edit re-checks its row and leaving a row out keeps it from the import; the file rows stay as read', async () => {
  render(<Review />);
  const grid = screen.getByRole('region', { name: 'Rows to import' });
  expect(screen.getByText('1 rows have validation errors and will be skipped')).toBeInTheDocument();
  expect(keptCount(rows.length, latest)).toBe(2);

  await userEvent.click(within(grid).getByRole('button', { name: /^Edit Email, row 2/ }));
  await userEvent.type(within(grid).getByRole('textbox', { name: 'Email, row 2' }), '.org{Enter}');
  expect(screen.queryByText(/rows have validation errors/)).not.toBeInTheDocument();
  expect(within(grid).getByRole('checkbox', { name: 'Import row 2' })).toBeEnabled();
  expect(latest.edits.get(1)).toMatchObject({ 'Donor Email': 'grace@example.org' });
  expect(rows[1]['Donor Email']).toBe('grace@example');

  await userEvent.click(within(grid).getByRole('checkbox', { name: 'Import row 1' }));
  expect(keptCount(rows.length, latest)).toBe(2);
  expect(latest.excluded.has(0)).toBe(true);
});

test('names in capitals become title case as edits, and only the rows with errors can be shown', async () => {
  render(<Review />);
  expect(capitalNameRows(rows, ['Donor First Name', 'Donor Last Name'], new Map())).toEqual([2]);
  await userEvent.click(screen.getByRole('button', { name: 'Use title case for names' }));
  expect(latest.edits.get(2)).toMatchObject({ 'Donor First Name': 'Solomon', 'Donor Last Name': 'Ortiz' });
  expect(screen.queryByRole('button', { name: 'Use title case for names' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('switch', { name: 'Show only rows with errors' }));
  const grid = screen.getByRole('region', { name: 'Rows to import' });
  expect(
    within(grid)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-label')),
  ).toEqual(['Import row 2']);
  expect(keptWarnings(latest)).toBe(0);
});
