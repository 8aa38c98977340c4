import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts } from '@caucus/design-system/session';
import { mockApi, renderAt } from '@caucus/design-system/testing';
import type { Disbursement } from '@caucus/api/contract';
import { Section } from '../../../Section';

const committee = {
  id: 'k-1',
  name: 'Friends of Pat',
  committeeType: 'candidate',
  fecId: 'C00123456',
  filingForm: 'F3',
  treasurerFirstName: 'Sam',
  treasurerLastName: 'Lee',
  street1: null,
  street2: null,
  city: null,
  state: 'VA',
  zip: null,
  elections: [],
  createdAt: null,
  updatedAt: null,
};
const printing: Disbursement = {
  id: 'd-1',
  committeeId: 'k-1',
  donationAccountId: null,
  kind: 'operating',
  refundOfDonationId: null,
  voidOfId: null,
  voidedById: null,
  payeeContactId: null,
  entityType: 'ORG',
  payeeName: 'Quick Print LLC',
  payeeOrganizationName: 'Quick Print LLC',
  payeeFirstName: null,
  payeeLastName: null,
  payeeStreet1: '5 Press Rd',
  payeeStreet2: null,
  payeeCity: 'Richmond',
  payeeState: 'VA',
  payeeZip: '23220',
  amount: 450,
  disbursementDate: '2026-02-10',
  purpose: 'Printing',
  categoryCode: '006',
  electionCode: null,
  paymentMethod: 'check',
  checkNumber: '1001',
  memo: null,
  createdAt: null,
  updatedAt: null,
};

type Call = { method: string; path: string; body: unknown };

function serveApi() {
  const calls: Call[] = [];
  let disbursements: Disbursement[] = [printing];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/committees') return { body: { data: { committees: [committee] } } };
    if (url.pathname === '/api/disbursements' && method === 'GET') return { body: { data: { disbursements, total: disbursements.reduce((s, d) => s + d.amount, 0) } } };
    if (url.pathname === '/api/disbursements' && method === 'POST') {
      const created = { ...printing, ...body, id: 'd-2', payeeName: body.payeeOrganizationName };
      disbursements = [created, ...disbursements];
      return { status: 201, body: { data: { disbursement: created } } };
    }
    if (url.pathname === '/api/disbursements/d-1/void') {
      const entry = { ...printing, id: 'd-3', voidOfId: 'd-1', amount: -450, memo: 'Void of check 1001' };
      disbursements = [entry, { ...printing, voidedById: 'd-3' }];
      return { status: 201, body: { data: { disbursement: entry } } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return calls;
}

afterEach(() => clearToasts());

test('lists the committee\'s disbursements, records one through the contract\'s form rules and voids another', async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  expect(screen.getByRole('heading', { level: 1, name: 'Financials' })).toBeInTheDocument();
  expect(await screen.findByText('Quick Print LLC')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Record disbursement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record disbursement' });
  // The contract's messages show under the fields, before anything is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Record disbursement' }));
  expect(await within(dialog).findByText(/Amount must be a positive amount/)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await user.type(within(dialog).getByLabelText('Payee organization'), 'Mail House Inc');
  await user.type(within(dialog).getByLabelText(/^Amount/), '125.50');
  await user.type(within(dialog).getByLabelText(/^Purpose/), 'Postage');
  await user.click(within(dialog).getByRole('button', { name: 'Record disbursement' }));
  expect(await screen.findByRole('cell', { name: 'Mail House Inc' })).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ committeeId: 'k-1', payeeOrganizationName: 'Mail House Inc', amount: 125.5, purpose: 'Postage', kind: 'operating' });

  await user.click(screen.getByRole('button', { name: 'Void Quick Print LLC 2026-02-10' }));
  await user.click(await screen.findByRole('button', { name: 'Void' }));
  expect(await screen.findByText('Void: Void of check 1001')).toBeInTheDocument();
  expect(screen.getByText('Voided')).toBeInTheDocument();
});
