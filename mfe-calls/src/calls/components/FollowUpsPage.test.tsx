import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenPledge } from '@caucus/contract';
import { clearToasts } from '@caucus/platform';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';

const pledge: OpenPledge = {
  id: 'pl-1',
  contactId: 'p-1',
  contactName: 'Cora Cruz',
  phone: '(804) 555-0900',
  campaign: { id: 'c-1', name: 'Ortiz House Race' },
  pledgeAmount: 1500,
  amountFulfilled: 500,
  remaining: 1000,
  pledgeDate: '2026-11-10',
  ageDays: 14,
  reminderDate: '2026-11-17',
  status: 'pending',
};

test('lists call-backs due and open pledges; a gift against a pledge is recorded with it', async () => {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  let open = [pledge];
  mockApi((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      open = [];
      return { status: 201, body: { data: { donation: { id: 'd-1' } } } };
    }
    if (url.pathname === '/api/pledges/open') return { body: { data: { pledges: open } } };
    if (url.pathname === '/api/call-backs') {
      return {
        body: {
          data: {
            callbacks: [
              {
                id: 'k-1',
                contactId: 'p-2',
                contactName: 'Eli Evans',
                phone: '(804) 555-0250',
                caller: { id: 'u1', name: 'Dana Demo' },
                outcome: 'call_back',
                callbackAt: '2026-11-24T14:00:00.000Z',
                notes: 'After the debate',
              },
            ],
          },
        },
      };
    }
    return { body: { data: {} } };
  });
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings/follow-ups', '/dashboard/calls-meetings/*', <Section />);
  expect(await screen.findByText('After the debate', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '(804) 555-0250' })).toHaveAttribute('href', 'tel:8045550250');
  const row = within(screen.getByRole('list', { name: 'Open pledges' })).getByRole('listitem');
  expect(within(row).getByText('$1,500 pledged · $500 in · $1,000 to come')).toBeInTheDocument();
  expect(within(row).getByText(/14 days ago/)).toBeInTheDocument();
  expect(within(row).getByText('Remind now')).toBeInTheDocument();

  await user.click(within(row).getByRole('button', { name: 'Record gift from Cora Cruz' }));
  const form = screen.getByRole('form', { name: 'Record the gift of Cora Cruz' });
  expect(within(form).getByLabelText('Gift amount')).toHaveValue(1000);
  await user.click(within(form).getByRole('button', { name: 'Save gift' }));
  expect(await screen.findByText('No open pledges')).toBeInTheDocument();
  expect(posts).toEqual([
    { path: '/api/contacts/p-1/donations', body: expect.objectContaining({ donationAmount: 1000, campaignId: 'c-1', pledgeId: 'pl-1', status: 'completed' }) },
  ]);
});

test('a call-back due is logged from the follow-ups, in its session, and leaves the list', async () => {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const due = {
    id: 'k-1',
    sessionId: 's-1',
    contactId: 'p-2',
    contactName: 'Eli Evans',
    phone: null,
    caller: { id: 'u1', name: 'Dana Demo' },
    outcome: 'call_back',
    callbackAt: '2026-11-24T14:00:00.000Z',
    notes: 'After the debate',
  };
  let callbacks = [due];
  mockApi((url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push({ path: url.pathname, body });
      callbacks = [];
      const call = { ...due, id: 'k-2', outcome: body.outcome, amount: body.amount, callbackAt: null, notes: body.notes };
      return { status: 201, body: { data: { call, pledge: null, donationId: null, warning: null, progress: {} } } };
    }
    if (url.pathname === '/api/pledges/open') return { body: { data: { pledges: [] } } };
    if (url.pathname === '/api/call-backs') return { body: { data: { callbacks } } };
    return { body: { data: {} } };
  });
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings/follow-ups', '/dashboard/calls-meetings/*', <Section />);
  const row = within(await screen.findByRole('list', { name: 'Call-backs due' }, { timeout: 10_000 })).getByRole('listitem');
  await user.click(within(row).getByRole('button', { name: 'Log call-back to Eli Evans' }));
  const form = screen.getByRole('form', { name: 'Log the call-back to Eli Evans' });
  await user.selectOptions(within(form).getByLabelText('Outcome'), 'Pledged');
  // The contract's message before anything is sent.
  await user.click(within(form).getByRole('button', { name: 'Save call' }));
  expect(await within(form).findByText('Amount is required for a pledge or a gift')).toBeInTheDocument();
  expect(posts).toEqual([]);
  await user.type(within(form).getByLabelText('Pledge amount'), '500');
  await user.type(within(form).getByLabelText('Notes'), 'Will send a check');
  await user.click(within(form).getByRole('button', { name: 'Save call' }));
  expect(await screen.findByText('No call-backs due today.')).toBeInTheDocument();
  expect(posts).toEqual([
    {
      path: '/api/call-sessions/s-1/calls',
      body: { contactId: 'p-2', outcome: 'pledged', amount: 500, electionCode: null, callbackAt: null, notes: 'Will send a check' },
    },
  ]);
});

afterEach(() => clearToasts());
