import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { clearToasts } from '@caucus/platform';
import { Section } from '../../Section';

function renderForm() {
  return renderAt('/dashboard/lists/new', '/dashboard/lists/*', <Section />);
}

afterEach(() => {
  act(() => clearToasts());
});

describe('list form', () => {
  test('shows the contract’s messages: name required, a smart list needs a rule', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { lists: [], total: 0 } } }));
    renderForm();
    // The form page loads on demand (ADR 0008).
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Contact List' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('List name is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/List name/), 'Donors');
    await userEvent.selectOptions(screen.getByLabelText('List type'), 'smart');
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('Smart lists must have at least one rule')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  }, 20_000);

  test('checks the tags typed with commas by the contract: a too-long tag is reported on the Tags field', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { lists: [], total: 0 } } }));
    renderForm();
    await userEvent.type(screen.getByLabelText(/List name/), 'Donors');
    await userEvent.type(screen.getByLabelText('Tags'), `donors, ${'x'.repeat(51)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('Tags must be at most 50 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Tags')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  }, 20_000);

  test('builds rules with a nested group, shows the live count, and sends clean rules', async () => {
    const bodies: unknown[] = [];
    const created = {
      id: '0190aaaa-0000-7000-8000-000000000001',
      name: 'Donors',
      description: null,
      type: 'smart',
      rules: [],
      tags: ['big'],
      memberCount: 42,
      isActive: true,
      rulesAppliedAt: null,
      createdAt: null,
      updatedAt: null,
      creator: null,
    };
    mockApi(async (url, init) => {
      if (url.pathname === '/api/contact-lists/preview') {
        bodies.push(JSON.parse(String(init?.body)));
        return {
          body: {
            data: {
              count: 42,
              sample: [
                {
                  id: 'c1',
                  firstName: 'Ada',
                  lastName: 'Lovelace',
                  organization: null,
                  primaryEmail: null,
                  city: null,
                  state: 'CA',
                  status: 'active',
                  totalDonated: 10,
                },
              ],
            },
          },
        };
      }
      if (url.pathname === '/api/contact-lists' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return { status: 201, body: { data: { list: created } } };
      }
      if (url.pathname === `/api/contact-lists/${created.id}`) return { body: { data: { list: created } } };
      if (url.pathname.endsWith('/stats'))
        return { body: { data: { stats: { totalMembers: 42, manualMembers: 0, smartRuleMembers: 42, importedMembers: 0 } } } };
      if (url.pathname.endsWith('/contacts')) return { body: { data: { contacts: [], total: 0 } } };
      return { body: { data: { lists: [], total: 0 } } };
    });
    renderForm();
    await userEvent.type(screen.getByLabelText(/List name/), 'Donors');
    await userEvent.type(screen.getByLabelText('Tags'), ' big , big, ');
    await userEvent.selectOptions(screen.getByLabelText('List type'), 'smart');
    expect(screen.getByTestId('live-count')).toHaveTextContent('Add a rule to see how many contacts match.');

    await userEvent.selectOptions(screen.getAllByLabelText('Field')[0], 'totalDonated');
    await userEvent.selectOptions(screen.getAllByLabelText('Operator')[0], 'greater_than');
    await userEvent.click(screen.getByRole('button', { name: '+ Add group' }));
    await userEvent.selectOptions(screen.getAllByLabelText('Field')[1], 'state');
    await userEvent.selectOptions(screen.getAllByLabelText('Operator')[1], 'in');
    await userEvent.type(screen.getByLabelText('Values'), 'CA, NY');

    await waitFor(() => expect(screen.getByTestId('live-count')).toHaveTextContent(/^42 contacts match these rules$/), { timeout: 3000 });
    expect(screen.getByTestId('live-count')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('For example: Ada Lovelace')).toBeInTheDocument();
    const expectedRules = [
      { field: 'totalDonated', operator: 'greater_than', value: 0 },
      { logic: 'and', rules: [{ field: 'state', operator: 'in', value: ['CA', 'NY'] }] },
    ];
    await waitFor(() => expect(bodies.at(-1)).toEqual({ rules: expectedRules }), { timeout: 3000 });
    // A change not yet counted: the old figure says it is updating until the new rules are counted.
    await userEvent.type(screen.getByLabelText('Values'), ', TX');
    expect(screen.getByTestId('live-count')).toHaveTextContent('42 contacts match these rules (updating)');
    expect(screen.getByTestId('live-count')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getByTestId('live-count')).toHaveTextContent(/^42 contacts match these rules$/), { timeout: 3000 });
    await userEvent.clear(screen.getByLabelText('Values'));
    await userEvent.type(screen.getByLabelText('Values'), 'CA, NY');
    await waitFor(() => expect(screen.getByTestId('live-count')).toHaveTextContent(/^42 contacts match these rules$/), { timeout: 3000 });

    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    });
    await waitFor(
      () =>
        expect(bodies.find((body) => (body as { name?: string }).name)).toMatchObject({
          name: 'Donors',
          type: 'smart',
          rules: expectedRules,
          tags: [' big ', ' big', ' '],
        }),
      { timeout: 5000 },
    );
    // Saved: the detail page of the new list.
    expect(await screen.findByRole('heading', { level: 1, name: 'Donors' })).toBeInTheDocument();
    expect(await screen.findByText('Contact list created successfully')).toBeInTheDocument();
  }, 30_000);

  test('a failed create shows "Error creating contact list" with the server’s reason and stays on the form', async () => {
    mockApi((url, init) =>
      url.pathname === '/api/contact-lists' && init?.method === 'POST'
        ? { status: 500, body: { message: 'Database unavailable' } }
        : { body: { data: { lists: [], total: 0 } } },
    );
    renderForm();
    await userEvent.type(screen.getByLabelText(/List name/), 'Donors');
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    const toast = await screen.findByText('Error creating contact list');
    expect(toast.parentElement).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Contact List' })).toBeInTheDocument();
  });
});

describe('editing a list', () => {
  const existing = {
    id: '0190aaaa-0000-7000-8000-000000000002',
    name: 'Volunteers',
    description: 'People who help',
    type: 'smart',
    rules: [{ field: 'isVolunteer', operator: 'equals', value: true }],
    tags: ['core'],
    memberCount: 12,
    isActive: true,
    rulesAppliedAt: '2026-03-01T15:00:00.000Z',
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: null,
    creator: null,
  };

  function editApi(patchReply: (body: Record<string, unknown>) => { status?: number; body: unknown }) {
    const patches: Record<string, unknown>[] = [];
    let stored: Record<string, unknown> = existing;
    mockApi((url, init) => {
      if (url.pathname === `/api/contact-lists/${existing.id}` && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        const reply = patchReply(patches.at(-1)!);
        if (!reply.status) stored = { ...stored, ...patches.at(-1) };
        return reply;
      }
      if (url.pathname === `/api/contact-lists/${existing.id}`) return { body: { data: { list: stored } } };
      if (url.pathname === '/api/contact-lists/preview') return { body: { data: { count: 12, sample: [] } } };
      if (url.pathname === '/api/contact-lists/settings') return { body: { data: { settings: { majorGiftThreshold: 1000 } } } };
      if (url.pathname.endsWith('/stats'))
        return { body: { data: { stats: { totalMembers: 12, manualMembers: 0, smartRuleMembers: 12, importedMembers: 0 } } } };
      if (url.pathname.endsWith('/contacts')) return { body: { data: { contacts: [], total: 0 } } };
      return { body: { data: { lists: [], total: 0 } } };
    });
    renderAt(`/dashboard/lists/${existing.id}/edit`, '/dashboard/lists/*', <Section />);
    return patches;
  }

  test('loads the list into the form, saves with PATCH, shows "Contact list updated successfully" and opens the list', async () => {
    const patches = editApi((body) => ({ body: { data: { list: { ...existing, ...body } } } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Contact List' })).toBeInTheDocument();
    const name = screen.getByLabelText(/List name/);
    expect(name).toHaveValue('Volunteers');
    expect(screen.getByLabelText('Tags')).toHaveValue('core');
    expect(screen.getByLabelText('List type')).toHaveValue('smart');
    expect(screen.getAllByLabelText('Field')[0]).toHaveValue('isVolunteer');

    await userEvent.clear(name);
    await userEvent.type(name, 'Core volunteers');
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    expect(await screen.findByText('Contact list updated successfully')).toBeInTheDocument();
    expect(patches).toEqual([{ name: 'Core volunteers', description: 'People who help', type: 'smart', tags: ['core'], rules: existing.rules }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Core volunteers' })).toBeInTheDocument();
  });

  test('a failed save shows "Error updating contact list" and keeps the edits', async () => {
    editApi(() => ({ status: 400, body: { message: 'A rule refers to a contact list that does not exist' } }));
    const name = await screen.findByLabelText(/List name/);
    await userEvent.type(name, ' 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByText('Error updating contact list');
    expect(toast.parentElement).toHaveTextContent('A rule refers to a contact list that does not exist');
    expect(screen.getByLabelText(/List name/)).toHaveValue('Volunteers 2026');
  });

  test('a list that cannot be loaded shows "Error loading list details"', async () => {
    mockApi(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderAt(`/dashboard/lists/${existing.id}/edit`, '/dashboard/lists/*', <Section />);
    expect(await screen.findByText('Error loading list details')).toBeInTheDocument();
  });
});
