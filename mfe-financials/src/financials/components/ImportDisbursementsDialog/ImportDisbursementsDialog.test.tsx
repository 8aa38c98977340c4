import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts } from '@caucus/platform';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { ImportDisbursementsDialog, guessMapping } from './ImportDisbursementsDialog';

type Call = { method: string; path: string; body: { committeeId: string; rows: Record<string, string>[]; validOnly: boolean } };

function serveApi() {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    if (url.pathname === '/api/disbursements/import') {
      const skipped = body.validOnly ? [{ line: 3, errors: [{ field: 'amount', message: 'Amount must be a number' }] }] : [];
      return { status: 201, body: { data: { imported: 2, total: 1550, disbursementIds: ['d-1', 'd-2'], skipped } } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return calls;
}

afterEach(() => clearToasts());

const CSV = [
  'Vendor,Amount,Paid on,Description,FEC category,Check #,Notes',
  'Quick Print LLC,"$1,250.00",2026-02-10,Printing,6,1001,',
  'Mail House Inc,lots,2026-02-30,Postage,013,,',
  'Ad Shop,300,02/14/2026,Advertising,004,1002,Spring',
].join('\n');

test('guesses the mapping from the headers', () => {
  expect(guessMapping(['Vendor', 'Amount', 'Paid on', 'Description', 'FEC category', 'Check #', 'Notes'])).toEqual({
    payee: 'Vendor',
    amount: 'Amount',
    date: 'Paid on',
    purpose: 'Description',
    categoryCode: 'FEC category',
    checkNumber: 'Check #',
    memo: 'Notes',
  });
});

test('uploads a CSV, maps its columns, reviews every row by field label and imports only the valid rows when chosen', async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  const onClose = jest.fn();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <ImportDisbursementsDialog committeeId="k-1" onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  await user.upload(within(dialog).getByLabelText('Disbursements file'), new File([CSV], 'payments.csv', { type: 'text/csv' }));

  expect(await within(dialog).findByText(/payments\.csv: 3 rows/)).toBeInTheDocument();
  // A required field left unmapped holds the review back.
  await user.selectOptions(within(dialog).getByLabelText('Purpose (required)'), '');
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Map a column to Purpose');
  expect(within(dialog).getByRole('button', { name: 'Review rows' })).toBeDisabled();
  await user.selectOptions(within(dialog).getByLabelText('Purpose (required)'), 'Description');
  await user.click(within(dialog).getByRole('button', { name: 'Review rows' }));

  expect(within(dialog).getByText(/2 of 3 rows are ready \(\$1,550\.00\)\. 1 row has errors\./)).toBeInTheDocument();
  const errors = within(dialog).getByRole('region', { name: 'Rows with errors' });
  expect(within(errors).getByRole('cell', { name: '3' })).toBeInTheDocument();
  expect(errors).toHaveTextContent('Amount: Amount must be a number');
  expect(errors).toHaveTextContent('Date: Date must be a real date');
  expect(errors).toHaveTextContent('Category: Category must be one of');
  expect(calls).toHaveLength(0);

  await user.click(within(dialog).getByRole('button', { name: 'Import the 2 valid rows, skip 1' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent('Imported 2 disbursements ($1,550.00). 1 row skipped.');
  expect(calls).toHaveLength(1);
  expect(calls[0].body.validOnly).toBe(true);
  expect(calls[0].body.committeeId).toBe('k-1');
  expect(calls[0].body.rows[0]).toEqual({
    payee: 'Quick Print LLC',
    amount: '$1,250.00',
    date: '2026-02-10',
    purpose: 'Printing',
    categoryCode: '6',
    checkNumber: '1001',
    memo: '',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(onClose).toHaveBeenCalled();
});

test('refuses a file that is not a spreadsheet', async () => {
  serveApi();
  const user = userEvent.setup({ applyAccept: false });
  renderAt('/dashboard/financials', '/dashboard/financials/*', <ImportDisbursementsDialog committeeId="k-1" onClose={() => undefined} />);
  await user.upload(screen.getByLabelText('Disbursements file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a CSV, XLS, or XLSX file');
});
