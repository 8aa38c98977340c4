import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, testSession } from '@caucus/platform/testing';
import { setSession } from '@caucus/platform';
import { ROLE_PERMISSIONS } from '@caucus/contract';
import { ThankYouQueue } from './ThankYouQueue';

const gift = (donationId: string, contactName: string, amount: number, email: string | null) => ({
  donationId,
  contactId: `c-${donationId}`,
  contactName,
  email,
  amount,
  donationDate: '2026-11-02',
  paymentMethod: 'check',
  campaignId: null,
  campaignName: 'Spring Appeal',
  status: 'pending',
  channel: null,
  acknowledgedAt: null,
  daysWaiting: 5,
});

test('lists the gifts waiting, oldest first, and thanks the selected ones (email and letter)', async () => {
  const posts: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname.endsWith('/acknowledgments') && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return { body: { data: { batchId: 'b-1', emailed: 1, letters: 1, notNeeded: 0, alreadyDone: 0, letterUrl: '/api/acknowledgments/letters/b-1.pdf' } } };
    }
    if (url.pathname.endsWith('/acknowledgments')) {
      return {
        body: {
          data: { acknowledgments: [gift('d-1', 'Ann Lee', 250, 'ann@example.org'), gift('d-2', 'Bo Park', 40, null)], total: 2, page: 1, pageSize: 25 },
        },
      };
    }
    if (url.pathname.endsWith('/templates')) return { body: { data: { templates: [] } } };
    return { body: { data: { campaigns: [] } } };
  });
  renderAt('/dashboard/communication', '/dashboard/communication', <ThankYouQueue />);
  const table = await screen.findByRole('table');
  expect(within(table).getByText('2 gifts waiting for thanks')).toBeInTheDocument();
  expect(within(table).getAllByText('5 days')).toHaveLength(2);
  await userEvent.click(screen.getByLabelText('Select all on this page'));
  await userEvent.click(screen.getByRole('button', { name: 'Thank 2 selected' }));
  expect(await screen.findByText(/1 email on the way, 1 letter to print/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the letters (PDF)' })).toHaveAttribute('href', expect.stringContaining('/acknowledgments/letters/b-1.pdf'));
  expect(posts).toEqual([{ donationIds: ['d-1', 'd-2'], templateId: null, channel: 'auto' }]);
});

test('a read-only member sees the gifts waiting but no Thank, No thanks needed or year-end letters', async () => {
  mockApi((url) => {
    if (url.pathname.endsWith('/acknowledgments'))
      return { body: { data: { acknowledgments: [gift('d-1', 'Ann Lee', 250, 'ann@example.org')], total: 1, page: 1, pageSize: 25 } } };
    if (url.pathname.endsWith('/templates')) return { body: { data: { templates: [] } } };
    return { body: { data: { campaigns: [] } } };
  });
  renderAt('/dashboard/communication', '/dashboard/communication', <ThankYouQueue />);
  act(() => setSession({ ...testSession, role: 'read_only', permissions: [...ROLE_PERMISSIONS.read_only] }, { remember: false }));
  const table = await screen.findByRole('table');
  expect(within(table).getByText('Ann Lee')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Thank/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'No thanks needed' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Write the letters' })).not.toBeInTheDocument();
});
