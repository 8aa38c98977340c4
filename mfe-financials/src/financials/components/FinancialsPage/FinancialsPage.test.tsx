import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, setSession, setWorkspacePreferences, workspaceCalendarDate } from '@caucus/platform';
import { mockApi, renderAt, testSession } from '@caucus/platform/testing';
import { ROLE_PERMISSIONS, type Disbursement, type Role } from '@caucus/contract';
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
  elections: [
    { code: 'P2026', date: '2026-06-09' },
    { code: 'G2026', date: '2026-11-03' },
  ],
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

const payeeContact = {
  id: 'ct-7',
  firstName: 'Lee',
  lastName: 'Rivera',
  organization: null,
  primaryEmail: 'lee@example.org',
  addressLine1: '14 Canal St',
  addressLine2: null,
  city: 'Richmond',
  state: 'VA',
  zipCode: '23219',
};

const staffGift = (id: string, contactName: string, amount: number) => ({
  id,
  contactId: `c-${id}`,
  contactName,
  campaign: { id: 'cmp-1', name: 'Spring Appeal' },
  donationAmount: amount,
  donationDate: '2026-03-02',
  paymentMethod: 'check',
  status: 'completed',
  recordedBy: { id: 'u-9', name: 'Sam Staff' },
  createdAt: '2026-03-02T15:00:00.000Z',
});
let reviewQueue: ReturnType<typeof staffGift>[] = [];
const actAs = (role: Role) => act(() => setSession({ ...testSession, role, permissions: [...ROLE_PERMISSIONS[role]] }, { remember: false }));

function serveApi() {
  const calls: Call[] = [];
  let disbursements: Disbursement[] = [printing];
  let receipts: unknown[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/committees') return { body: { data: { committees: [committee] } } };
    if (url.pathname === '/api/contacts/ct-7/donations') {
      const gift = {
        id: 'g-1',
        donationAmount: 1000,
        donationDate: '2026-02-01',
        status: 'completed',
        electionCode: 'P2026',
        campaign: { id: 'cmp-1', name: 'Spring Appeal' },
      };
      return { body: { data: { donations: [gift, { ...gift, id: 'g-2', status: 'failed' }] } } };
    }
    if (url.pathname === '/api/contacts') {
      const found = url.searchParams.get('search') === 'Rivera' ? [payeeContact] : [];
      return { body: { data: { contacts: found, total: found.length, moreThanTotal: false } } };
    }
    if (url.pathname === '/api/disbursements' && method === 'GET')
      return { body: { data: { disbursements, total: disbursements.reduce((s, d) => s + d.amount, 0) } } };
    if (url.pathname === '/api/disbursements' && method === 'POST') {
      const created = { ...printing, ...body, id: 'd-2', payeeName: body.payeeOrganizationName };
      disbursements = [created, ...disbursements];
      return { status: 201, body: { data: { disbursement: created } } };
    }
    if (url.pathname === '/api/disbursements/d-1/receipts' && method === 'GET') return { body: { data: { receipts } } };
    if (url.pathname === '/api/disbursements/d-1/receipts' && method === 'POST') {
      receipts = [{ key: 'doc_k1', fileName: 'invoice.pdf', mimeType: 'application/pdf', size: 12, uploadedAt: '2026-02-11T15:00:00.000Z' }];
      return { status: 201, body: { data: { receipts } } };
    }
    if (url.pathname === '/api/disbursements/d-1/void') {
      const entry = { ...printing, id: 'd-3', voidOfId: 'd-1', amount: -450, memo: 'Void of check 1001' };
      disbursements = [entry, { ...printing, voidedById: 'd-3' }];
      return { status: 201, body: { data: { disbursement: entry } } };
    }
    if (url.pathname === '/api/donations/review' && method === 'GET') return { body: { data: { gifts: reviewQueue, total: reviewQueue.length } } };
    if (url.pathname === '/api/donations/review' && method === 'POST') {
      const reviewed = (body.donationIds as string[]).filter((id) => reviewQueue.some((g) => g.id === id));
      reviewQueue = reviewQueue.filter((g) => !reviewed.includes(g.id));
      return { body: { data: { reviewed } } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return calls;
}

afterEach(() => {
  clearToasts();
  setWorkspacePreferences(null);
});

test("lists the committee's disbursements, records one through the contract's form rules and voids another", async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  expect(screen.getByRole('heading', { level: 1, name: 'Financials' })).toBeInTheDocument();
  expect(await screen.findByText('Quick Print LLC')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Record disbursement' }));
  // The form is loaded when first opened (its own chunk): give the import time on a busy machine.
  const dialog = await screen.findByRole('dialog', { name: 'Record disbursement' }, { timeout: 15_000 });
  // The contract's messages show under the fields, before anything is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Record disbursement' }));
  expect(await within(dialog).findByText(/Amount must be a positive amount/)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);

  await user.type(within(dialog).getByLabelText('Payee organization'), 'Mail House Inc');
  await user.type(within(dialog).getByLabelText(/^Amount/), '125.50');
  await user.type(within(dialog).getByLabelText(/^Purpose/), 'Postage');
  await user.click(within(dialog).getByRole('button', { name: 'Record disbursement' }));
  expect(await screen.findByRole('cell', { name: 'Mail House Inc' })).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST' && c.path === '/api/disbursements')?.body).toMatchObject({
    committeeId: 'k-1',
    payeeOrganizationName: 'Mail House Inc',
    amount: 125.5,
    purpose: 'Postage',
    kind: 'operating',
  });

  await user.click(screen.getByRole('button', { name: 'Void Quick Print LLC 2026-02-10' }));
  await user.click(await screen.findByRole('button', { name: 'Void' }));
  expect(await screen.findByText('Void: Void of check 1001')).toBeInTheDocument();
  expect(screen.getByText('Voided')).toBeInTheDocument();
});

test("a new disbursement is dated today on the workspace's calendar, not the browser's", async () => {
  // Fourteen hours ahead of UTC or eleven behind: whatever the hour, one of the two is on another day
  // than the browser's clock here.
  const browserDay = new Intl.DateTimeFormat('en-CA').format(new Date());
  const timezone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
    (zone) => workspaceCalendarDate(new Date(), { timezone: zone, dateFormat: 'MM/DD/YYYY' }) !== browserDay,
  );
  setWorkspacePreferences({ timezone, dateFormat: 'MM/DD/YYYY' });
  serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  await user.click(await screen.findByRole('button', { name: 'Record disbursement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record disbursement' }, { timeout: 15_000 });
  expect(within(dialog).getByLabelText(/^Date/)).toHaveValue(workspaceCalendarDate());
  expect(workspaceCalendarDate()).not.toBe(browserDay);
});

test('a staff member sees the disbursements but none of the money-only actions: no Record, Edit, Void, FEC reports or Gifts to review', async () => {
  serveApi();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  actAs('staff');
  expect(await screen.findByText('Quick Print LLC')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Record disbursement' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Void Quick Print LLC 2026-02-10' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Quick Print LLC 2026-02-10' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Disbursements', 'Cash & reconciliation']);
});

test('a treasurer reviews the gifts Staff entered: one alone, then the rest chosen together', async () => {
  reviewQueue = [staffGift('g-1', 'Ann Lee', 250), staffGift('g-2', 'Bo Park', 40), staffGift('g-3', 'Cy Diaz', 75)];
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/financials?tab=review', '/dashboard/financials/*', <Section />);
  actAs('treasurer');
  expect(await screen.findByRole('heading', { name: 'Gifts to review (3)' }, { timeout: 10_000 })).toBeInTheDocument();
  const table = screen.getByRole('table');
  expect(within(table).getAllByText('Sam Staff')).toHaveLength(3);

  await user.click(screen.getByRole('button', { name: 'Mark Ann Lee 2026-03-02 reviewed' }));
  expect(await screen.findByRole('heading', { name: 'Gifts to review (2)' })).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Choose every gift' }));
  await user.click(screen.getByRole('button', { name: 'Mark 2 reviewed' }));
  expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST' && c.path !== '/api/analytics/events').map((c) => c.body)).toEqual([
    { donationIds: ['g-1'] },
    { donationIds: ['g-2', 'g-3'] },
  ]);
});

test('attaches a receipt to a disbursement and lists it for download', async () => {
  const calls = serveApi();
  // The picker's filter is off so the refused type reaches the check.
  const user = userEvent.setup({ applyAccept: false });
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  await user.click(await screen.findByRole('button', { name: 'Receipts of Quick Print LLC 2026-02-10' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('No receipt attached yet.')).toBeInTheDocument();
  // A type the files module refuses is caught before the bytes travel.
  await user.upload(within(dialog).getByLabelText('Receipt file'), new File(['x'], 'tool.exe', { type: 'application/x-msdownload' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unsupported file type');
  expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);
  await user.upload(within(dialog).getByLabelText('Receipt file'), new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
  expect(await within(dialog).findByRole('button', { name: 'Download invoice.pdf' })).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST' && c.path !== '/api/analytics/events').map((c) => c.path)).toEqual(['/api/disbursements/d-1/receipts']);
});

test('pays a contact: choosing one fills the payee as an individual with the address, and the disbursement keeps the contact', async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  await user.click(await screen.findByRole('button', { name: 'Record disbursement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record disbursement' }, { timeout: 15_000 });
  await user.type(within(dialog).getByLabelText(/^Payee from contacts/), 'Rivera');
  await user.click(await within(dialog).findByRole('button', { name: 'Pay Lee Rivera' }));
  expect(within(dialog).getByRole('group', { name: 'Payee contact' })).toHaveTextContent('Payee contact: Lee Rivera');
  expect(within(dialog).getByLabelText('Payee type')).toHaveValue('IND');
  expect(within(dialog).getByLabelText('Payee last name')).toHaveValue('Rivera');
  expect(within(dialog).getByLabelText('Payee street')).toHaveValue('14 Canal St');
  await user.type(within(dialog).getByLabelText(/^Amount/), '300');
  await user.type(within(dialog).getByLabelText(/^Purpose/), 'Field staff payroll');
  // The committee's elections are offered as the designation.
  await user.selectOptions(within(dialog).getByLabelText('Election'), 'G2026');
  await user.click(within(dialog).getByRole('button', { name: 'Record disbursement' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/disbursements')).toBe(true));
  expect(calls.find((c) => c.method === 'POST' && c.path === '/api/disbursements')?.body).toMatchObject({
    payeeContactId: 'ct-7',
    entityType: 'IND',
    payeeFirstName: 'Lee',
    payeeLastName: 'Rivera',
    payeeStreet1: '14 Canal St',
    payeeCity: 'Richmond',
    payeeState: 'VA',
    payeeZip: '23219',
    electionCode: 'G2026',
  });
});

test("refunds a contributor's gift: the contact, then one of their completed gifts, sent as a refund naming it", async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/financials', '/dashboard/financials/*', <Section />);
  await user.click(await screen.findByRole('button', { name: 'Record disbursement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record disbursement' }, { timeout: 15_000 });
  await user.selectOptions(within(dialog).getByLabelText('Kind'), 'refund');
  expect(within(dialog).getByText('Choose the contributor among the contacts above, then the gift refunded.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/^Payee from contacts/), 'Rivera');
  await user.click(await within(dialog).findByRole('button', { name: 'Pay Lee Rivera' }));
  const gift = await within(dialog).findByLabelText(/^Contribution refunded/);
  await within(dialog).findByRole('option', { name: '$1,000.00 · 2026-02-01 · Spring Appeal · P2026' });
  // A failed gift was never received: nothing to refund.
  expect(
    within(gift)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value')),
  ).toEqual(['', 'g-1']);
  await user.selectOptions(gift, 'g-1');
  await user.type(within(dialog).getByLabelText(/^Amount/), '250');
  await user.type(within(dialog).getByLabelText(/^Purpose/), 'Refund of contribution');
  await user.click(within(dialog).getByRole('button', { name: 'Record disbursement' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/disbursements')).toBe(true));
  expect(calls.find((c) => c.method === 'POST' && c.path === '/api/disbursements')?.body).toMatchObject({
    kind: 'refund',
    refundOfDonationId: 'g-1',
    payeeContactId: 'ct-7',
    amount: 250,
  });
});
