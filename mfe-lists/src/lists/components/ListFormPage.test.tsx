import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/design-system/testing';
import { Section } from '../../Section';

function renderForm() {
  return renderAt('/dashboard/lists/new', '/dashboard/lists/*', <Section />);
}

describe('list form', () => {
  test('shows the contract’s messages: name required, a smart list needs a rule', async () => {
    const fetchMock = mockApi(() => ({ body: { data: { lists: [], total: 0 } } }));
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Contact List' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('List name is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/List name/), 'Donors');
    await userEvent.selectOptions(screen.getByLabelText('List type'), 'smart');
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('Smart lists must have at least one rule')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  }, 20_000);

  test('builds rules with a nested group, shows the live count, and sends clean rules', async () => {
    const bodies: unknown[] = [];
    const created = { id: '0190aaaa-0000-7000-8000-000000000001', name: 'Donors', description: null, type: 'smart', rules: [], tags: ['big'], memberCount: 42, isActive: true, rulesAppliedAt: null, createdAt: null, updatedAt: null, creator: null };
    mockApi(async (url, init) => {
      if (url.pathname === '/api/contact-lists/preview') {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { data: { count: 42, sample: [{ id: 'c1', firstName: 'Ada', lastName: 'Lovelace', organization: null, primaryEmail: null, city: null, state: 'CA', status: 'active', totalDonated: 10 }] } } };
      }
      if (url.pathname === '/api/contact-lists' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return { status: 201, body: { data: { list: created } } };
      }
      if (url.pathname === `/api/contact-lists/${created.id}`) return { body: { data: { list: created } } };
      if (url.pathname.endsWith('/stats')) return { body: { data: { stats: { totalMembers: 42, manualMembers: 0, smartRuleMembers: 42, importedMembers: 0 } } } };
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

    await waitFor(() => expect(screen.getByTestId('live-count')).toHaveTextContent('42 contacts match these rules'), { timeout: 3000 });
    expect(screen.getByText('For example: Ada Lovelace')).toBeInTheDocument();
    const expectedRules = [
      { field: 'totalDonated', operator: 'greater_than', value: 0 },
      { logic: 'and', rules: [{ field: 'state', operator: 'in', value: ['CA', 'NY'] }] },
    ];
    await waitFor(() => expect(bodies.at(-1)).toEqual({ rules: expectedRules }), { timeout: 3000 });

    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    });
    await waitFor(() => expect(bodies.find((body) => (body as { name?: string }).name)).toMatchObject({ name: 'Donors', type: 'smart', rules: expectedRules, tags: [' big ', ' big', ' '] }), { timeout: 5000 });
    // Saved: the detail page of the new list.
    expect(await screen.findByRole('heading', { level: 1, name: 'Donors' })).toBeInTheDocument();
    expect(await screen.findByText('Contact list created successfully')).toBeInTheDocument();
  }, 30_000);
});
