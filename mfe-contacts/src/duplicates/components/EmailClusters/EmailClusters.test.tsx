import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { EmailClusters } from './EmailClusters';

const person = (id: string, firstName: string, donationCount: number) => ({
  id,
  firstName,
  lastName: 'Lee',
  primaryEmail: 'ann@example.org',
  primaryPhone: null,
  addressLine1: null,
  city: null,
  state: null,
  zipCode: '02134',
  totalDonated: donationCount * 50,
  donationCount,
  updatedAt: '2026-06-01T00:00:00.000Z',
});

const cluster = {
  email: 'ann@example.org',
  survivorId: 'c-2',
  mergedIds: ['c-1'],
  contacts: [person('c-2', 'Annie', 2), person('c-1', 'Ann', 1)],
  keeps: {
    firstName: 'Annie',
    lastName: 'Lee',
    primaryEmail: 'ann@example.org',
    primaryPhone: '617-555-0101',
    addressLine1: null,
    city: null,
    state: null,
    zipCode: '02134',
  },
  tags: ['donor', 'volunteer'],
  giftsMoved: 1,
  totalDonated: 150,
  donationCount: 3,
};

describe('merging every exact-email cluster', () => {
  test('previews what each merge keeps, merges on confirmation, and undoes the merges', async () => {
    let merged = false;
    const calls: { path: string; body: unknown }[] = [];
    mockApi(async (url, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path: `${init?.method ?? 'GET'} ${url.pathname}`, body });
      if (url.pathname === '/api/contacts/duplicates/email-clusters') {
        return {
          body: {
            data: merged
              ? { clusters: [], total: 0, page: 1, limit: 10 }
              : { clusters: [cluster], total: 1, page: 1, limit: Number(url.searchParams.get('limit')) },
          },
        };
      }
      if (url.pathname === '/api/contacts/duplicates/email-clusters/merge') {
        merged = true;
        return { body: { data: { merged: [{ survivorId: 'c-2', mergeId: 'm-1', mergedIds: ['c-1'], giftsMoved: 1 }], failed: [] } } };
      }
      if (url.pathname === '/api/contacts/merges/m-1/undo') {
        merged = false;
        return {
          body: {
            data: {
              merge: {
                id: 'm-1',
                survivorId: 'c-2',
                mergedIds: ['c-1'],
                createdAt: null,
                undoneAt: '2026-06-02T00:00:00.000Z',
                giftsMoved: 1,
                pledgesMoved: 0,
              },
            },
          },
        };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    renderAt('/dashboard/contacts/duplicates', '/dashboard/contacts/duplicates', <EmailClusters />);

    expect(await screen.findByText(/1 group of contacts share one email address exactly/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review and merge all…' }));
    const dialog = await screen.findByRole('dialog');
    const preview = within(dialog).getByRole('list', { name: 'What each merge keeps' });
    expect(within(preview).getByText('2 records: Annie Lee, Ann Lee')).toBeInTheDocument();
    expect(within(preview).getByText('Annie Lee · ann@example.org · 617-555-0101 · 02134')).toBeInTheDocument();
    expect(within(preview).getByText('donor, volunteer')).toBeInTheDocument();
    expect(within(preview).getByText('$150.00 in 3 gifts (1 gift moved)')).toBeInTheDocument();
    // Nothing is merged before the confirmation.
    expect(calls.some((c) => c.path.startsWith('POST'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge all 1' }));
    expect(await screen.findByText('Merged 1 cluster (1 gift moved).')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'POST /api/contacts/duplicates/email-clusters/merge')?.body).toEqual({
      clusters: [{ survivorId: 'c-2', mergedIds: ['c-1'] }],
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Undo these merges' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'POST /api/contacts/merges/m-1/undo')).toBe(true));
    expect(await screen.findByText(/1 group of contacts share one email address exactly/)).toBeInTheDocument();
  });

  test('shows nothing when no contacts share an email', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { clusters: [], total: 0, page: 1, limit: 10 } } }));
    renderAt('/x', '/x', <EmailClusters />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Same email address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and merge all…' })).not.toBeInTheDocument();
  });
});
