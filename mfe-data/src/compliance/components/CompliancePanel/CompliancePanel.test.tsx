import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { REATTRIBUTE_CONTACT_REQUIRED, type Committee } from '@caucus/contract';
import { byDeadline, CompliancePanel } from './CompliancePanel';
import { anExcess } from './complianceFixtures';

const committee = (overrides: Partial<Committee> = {}): Committee => ({
  id: 'cm1',
  name: 'Friends of Ann',
  committeeType: 'candidate',
  fecId: 'C00123456',
  filingForm: 'F3',
  treasurerFirstName: null,
  treasurerLastName: null,
  street1: null,
  street2: null,
  city: null,
  state: null,
  zip: null,
  elections: [
    { code: 'P2026', date: '2026-06-02' },
    { code: 'G2026', date: '2026-11-03' },
  ],
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

const excess = anExcess;

const later = excess({ donationId: 'd2', contactName: 'Cal Cole', deadline: '2026-05-20', donationDate: '2026-03-21' });
const earlier = excess({ donationId: 'd1', contactName: 'Bob Baker', deadline: '2026-04-30' });

function serve(extra: (url: URL, init?: RequestInit) => { status?: number; body: unknown } | undefined = () => undefined) {
  return mockApi((url, init) => {
    const reply = extra(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/committees') return { body: { data: { committees: [committee({ id: 'cm0', name: 'Draft PAC', fecId: null }), committee()] } } };
    if (url.pathname === '/api/compliance/excessive') return { body: { data: { contributions: [later, earlier] } } };
    if (url.pathname === '/api/compliance/limit-settings')
      return { body: { data: { limits: [{ cycle: 2026, contributorType: 'individual', amount: 3500, source: 'default' }] } } };
    if (url.pathname === '/api/compliance/48-hour-notices') {
      return {
        body: {
          data: {
            notices: [
              {
                donationId: 'd9',
                contactId: 'k9',
                contactName: 'Dee Dunn',
                amount: 2000,
                donationDate: '2026-05-20',
                electionCode: 'P2026',
                electionDate: '2026-06-02',
                dueDate: '2026-05-22',
                dueAt: null,
                filedOn: null,
              },
            ],
          },
        },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const renderPanel = () => renderAt('/data', '/data', <CompliancePanel today="2026-05-01" />);

describe('CompliancePanel', () => {
  test('lists the excessive contributions by deadline, with the remedies, then the 48-hour notices', async () => {
    const fetchMock = serve();
    renderPanel();
    // The committee with an FEC id is chosen first.
    expect(await screen.findByLabelText('Committee')).toHaveValue('cm1');
    const queue = (await screen.findByRole('table', { name: 'Excessive contributions, earliest deadline first' })) as HTMLTableElement;
    const rows = within(queue).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Bob Baker', 'Cal Cole']);
    expect(rows[0]).toHaveTextContent('Apr 30, 2026 Overdue');
    expect(rows[0]).toHaveTextContent('$500.00');
    expect(within(rows[1]).queryByText('Overdue')).not.toBeInTheDocument();
    for (const action of ['Refund', 'Redesignate', 'Reattribute']) {
      expect(within(rows[0]).getByRole('button', { name: `${action} Bob Baker's excess` })).toBeInTheDocument();
    }
    const notices = screen.getByRole('table', { name: '48-hour notices, earliest due first' });
    expect(within(notices).getByRole('row', { name: /Dee Dunn/ })).toHaveTextContent('May 22, 2026Dee Dunn$2,000.00');
    const asked = fetchMock.mock.calls
      .map((call) => new URL(String(call[0]), 'http://localhost'))
      .filter((url) => url.pathname === '/api/compliance/excessive');
    expect(asked[0].searchParams.get('committeeId')).toBe('cm1');
  });

  test("marks a 48-hour notice filed on today's date", async () => {
    const posted: unknown[] = [];
    serve((url, init) => {
      if (url.pathname === '/api/compliance/48-hour-notices/d9/filed' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return { body: { data: { donationId: 'd9', filed: true, filedOn: '2026-05-01' } } };
      }
      return undefined;
    });
    renderPanel();
    const notices = await screen.findByRole('table', { name: '48-hour notices, earliest due first' });
    const row = within(notices).getByRole('row', { name: /Dee Dunn/ });
    expect(row).toHaveTextContent('Not filed');
    await userEvent.click(within(row).getByRole('button', { name: "Mark filed: Dee Dunn's notice due May 22, 2026" }));
    await waitFor(() => expect(posted).toEqual([{ filed: true, filedOn: '2026-05-01' }]));
  });

  test('marks a notice filed on the day the treasurer gives, never a day to come', async () => {
    const posted: unknown[] = [];
    serve((url, init) => {
      if (url.pathname === '/api/compliance/48-hour-notices/d9/filed' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return { body: { data: { donationId: 'd9', filed: true, filedOn: '2026-04-29' } } };
      }
      return undefined;
    });
    renderPanel();
    const notices = await screen.findByRole('table', { name: '48-hour notices, earliest due first' });
    const day = screen.getByLabelText('Notices filed on');
    expect(day).toHaveValue('2026-05-01');
    const button = within(notices).getByRole('button', { name: "Mark filed: Dee Dunn's notice due May 22, 2026" });
    await userEvent.clear(day);
    await userEvent.type(day, '2026-05-02');
    expect(button).toBeDisabled();
    expect(day).toHaveAccessibleDescription(expect.stringContaining('Filed date must be a day up to today'));
    await userEvent.clear(day);
    await userEvent.type(day, '2026-04-29');
    await userEvent.click(button);
    await waitFor(() => expect(posted).toEqual([{ filed: true, filedOn: '2026-04-29' }]));
  });

  test('links Schedule A as .fec and CSV for the chosen receipts dates', async () => {
    serve();
    renderPanel();
    const fec = await screen.findByRole('link', { name: 'Download .fec' });
    const url = new URL(fec.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/compliance/schedule-a');
    expect(Object.fromEntries(url.searchParams)).toEqual({ committeeId: 'cm1', from: '2026-01-01', to: '2026-05-01', format: 'fec' });
    await userEvent.clear(screen.getByLabelText('Receipts from'));
    await userEvent.type(screen.getByLabelText('Receipts from'), '2026-04-01');
    const csv = new URL(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!, 'http://localhost');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ committeeId: 'cm1', from: '2026-04-01', to: '2026-05-01', format: 'csv' });
  });

  test('redesignates an excess to the next election and refreshes the queue', async () => {
    let remedied = false;
    const fetchMock = serve((url, init) => {
      if (url.pathname === '/api/compliance/excessive/d1/remedy' && init?.method === 'POST') {
        remedied = true;
        return {
          body: { data: { remedy: { action: 'redesignate', donationId: 'd1', remedyDonationId: 'd1r', amount: 500, contactId: 'k1', electionCode: 'G2026' } } },
        };
      }
      if (url.pathname === '/api/compliance/excessive' && remedied) return { body: { data: { contributions: [later] } } };
      return undefined;
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: "Redesignate Bob Baker's excess" }));
    const dialog = screen.getByRole('dialog', { name: 'Redesignate the excess' });
    expect(within(dialog).getByLabelText('Move the excess to')).toHaveValue('G2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redesignate $500.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find((call) => String(call[0]).includes('/remedy'));
    expect(JSON.parse(String(post![1].body))).toEqual({ action: 'redesignate', electionCode: 'G2026' });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Bob Baker' })).not.toBeInTheDocument());
  });

  test("shows the server's refusal inside the dialog", async () => {
    serve((url, init) =>
      url.pathname.endsWith('/remedy') && init?.method === 'POST' ? { status: 409, body: { message: 'G2026 has no room for the excess' } } : undefined,
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: "Refund Bob Baker's excess" }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund $500.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('G2026 has no room for the excess');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('reattributes to another contact found by search', async () => {
    const fetchMock = serve((url, init) => {
      if (url.pathname === '/api/contacts') {
        return {
          body: {
            data: {
              contacts: [
                { id: 'k1', firstName: 'Bob', lastName: 'Baker', organization: null, primaryEmail: null },
                { id: 'k2', firstName: 'Barb', lastName: 'Baker', organization: null, primaryEmail: 'barb@example.org' },
              ],
              total: 2,
            },
          },
        };
      }
      if (url.pathname.endsWith('/remedy') && init?.method === 'POST') {
        return {
          body: { data: { remedy: { action: 'reattribute', donationId: 'd1', remedyDonationId: 'd1r', amount: 500, contactId: 'k2', electionCode: 'P2026' } } },
        };
      }
      return undefined;
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: "Reattribute Bob Baker's excess" }));
    const dialog = screen.getByRole('dialog');
    // No contact chosen: the contract's message, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reattribute $500.00' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Joint account holder')).toHaveAccessibleDescription(REATTRIBUTE_CONTACT_REQUIRED));
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('/remedy'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Joint account holder'), 'Baker');
    // The contributor is not offered as their own joint account holder.
    const choice = await within(dialog).findByLabelText('Reattribute to');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a contact', 'Barb Baker (barb@example.org)']);
    await userEvent.selectOptions(choice, 'k2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reattribute $500.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find((call) => String(call[0]).includes('/remedy'));
    expect(JSON.parse(String(post![1].body))).toEqual({ action: 'reattribute', contactId: 'k2' });
  });

  test('explains where committees come from when there is none', async () => {
    mockApi(() => ({ body: { data: { committees: [] } } }));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No committees yet' })).toBeInTheDocument();
  });
});

describe('byDeadline', () => {
  test('puts the earliest deadline first', () => {
    expect(byDeadline([later, earlier]).map((row) => row.donationId)).toEqual(['d1', 'd2']);
  });
});
