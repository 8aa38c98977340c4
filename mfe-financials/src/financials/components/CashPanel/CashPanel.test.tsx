import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts } from '@caucus/platform';
import { mockApi, renderAt } from '@caucus/platform/testing';
import type { CashResponse, Reconciliation } from '@caucus/contract';
import { CashPanel } from './CashPanel';

const cash: CashResponse = {
  committeeId: 'k-1',
  through: '2026-02-28',
  openingCash: 1000,
  openingDate: '2026-01-01',
  receipts: 500,
  disbursements: 200,
  cashOnHand: 1300,
  accounts: [
    { donationAccountId: 'acc-op', name: 'Operating', openingCash: 0, receipts: 300, disbursements: 120, cashOnHand: 180 },
    { donationAccountId: 'acc-sav', name: 'Savings', openingCash: 0, receipts: 200, disbursements: 50, cashOnHand: 150 },
    { donationAccountId: null, name: 'No donation account (opening balance)', openingCash: 1000, receipts: 0, disbursements: 30, cashOnHand: 970 },
  ],
};

const reconciliation = (donationAccountId: string | null, statementBalance: number | null): Reconciliation => ({
  committeeId: 'k-1',
  donationAccountId,
  month: '2026-02',
  statementBalance,
  bookBalance: donationAccountId ? 150 : 1300,
  difference: statementBalance === null ? 0 : statementBalance - (donationAccountId ? 150 : 1300),
  entries: [
    { type: 'disbursement', id: 'd-2', date: '2026-02-11', amount: -50, description: 'Check 3002 to Quick Print LLC' },
    { type: 'receipt', id: 'g-1', date: '2026-02-03', amount: 200, description: 'Gift of Ada Lovelace' },
  ],
  explainedBy: statementBalance === null ? [] : ['d-2'],
});

afterEach(() => clearToasts());

test('shows cash on hand for the committee and for each donation account, and reconciles one account on its own', async () => {
  const calls: { method: string; path: string; query: string; body: unknown }[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, query: url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url.pathname === '/api/committees/k-1/cash') return { body: { data: cash } };
    if (url.pathname === '/api/committees/k-1/reconciliations/2026-02') {
      const account = url.searchParams.get('donationAccountId');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      return { body: { data: reconciliation(account, method === 'PUT' ? body.statementBalance : null) } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  renderAt('/cash', '/cash', <CashPanel committeeId="k-1" />);

  const figures = await screen.findByText('Opening balance (2026-01-01)');
  expect(figures.nextElementSibling).toHaveTextContent('$1,000.00');
  expect(screen.getByText('Cash on hand 2026-02-28').nextElementSibling).toHaveTextContent('$1,300.00');
  const byAccount = screen.getByRole('region', { name: 'Cash on hand by account' });
  const row = (name: string) => within(byAccount).getByRole('row', { name: new RegExp(`^${name}`) });
  expect(
    within(row('Operating'))
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['$0.00', '$300.00', '$120.00', '$180.00']);
  expect(
    within(row('Savings'))
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['$0.00', '$200.00', '$50.00', '$150.00']);
  expect(
    within(row('No donation account'))
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['$1,000.00', '$0.00', '$30.00', '$970.00']);

  // One account's month: Savings' statement shows $200, check 3002 has not cleared.
  await userEvent.selectOptions(screen.getByLabelText('Account'), 'acc-sav');
  const month = screen.getByLabelText('Month');
  await userEvent.clear(month);
  await userEvent.type(month, '2026-02');
  await userEvent.type(screen.getByLabelText('Statement balance'), '200');
  await userEvent.click(screen.getByRole('button', { name: 'Save statement balance' }));
  const saved = await screen.findByLabelText('Reconciliation 2026-02');
  await waitFor(() => expect(saved).toHaveTextContent('Difference$50.00'));
  expect(screen.getByRole('row', { name: /Check 3002/ })).toHaveTextContent('Yes: not on the statement yet');
  const put = calls.find((c) => c.method === 'PUT');
  expect(put).toMatchObject({ path: '/api/committees/k-1/reconciliations/2026-02', query: '?donationAccountId=acc-sav', body: { statementBalance: 200 } });
});
