import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import type { Committee } from '@caucus/contract';
import { CommitteeDialog } from './CommitteeDialog';

const saved: Committee = {
  id: 'cm-9',
  name: 'Friends of Dana',
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
  elections: [{ code: 'P2026', date: '2026-06-02' }],
  createdAt: null,
  updatedAt: null,
};

type Call = { method: string; path: string; body: unknown };

function serve(reply: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return reply(call) ?? { body: { data: { committee: saved } } };
  });
  return calls;
}

function renderDialog(committeeId: string | null) {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  renderAt('/c', '/c', <CommitteeDialog committeeId={committeeId} onSaved={onSaved} onClose={onClose} />);
  return { onSaved, onClose };
}

describe('CommitteeDialog', () => {
  test('creates a committee with its FEC id, filing form and elections', async () => {
    const calls = serve();
    const { onSaved } = renderDialog(null);
    const dialog = screen.getByRole('dialog', { name: 'New committee' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Committee name/ }), 'Friends of Dana');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /FEC committee ID/ }), 'c00123456');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Filing form' }), 'F3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add election' }));
    const election = within(dialog).getByRole('group', { name: 'Election 1' });
    await userEvent.type(within(election).getByRole('textbox', { name: 'Election code' }), 'P2026');
    await userEvent.type(within(election).getByLabelText('Election date'), '2026-06-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create committee' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({
      path: '/api/committees',
      body: { name: 'Friends of Dana', committeeType: 'candidate', fecId: 'c00123456', filingForm: 'F3', elections: [{ code: 'P2026', date: '2026-06-02' }] },
    });
  });

  test("checks the contract's rules before sending: a bad FEC id and an election date outside its year", async () => {
    const calls = serve();
    renderDialog(null);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Committee name/ }), 'Friends of Dana');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /FEC committee ID/ }), 'C123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add election' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Election code' }), 'G2026');
    await userEvent.type(within(dialog).getByLabelText('Election date'), '2027-11-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create committee' }));
    expect(await within(dialog).findByText('FEC committee ID must be C followed by 8 digits (e.g. C00123456)')).toBeInTheDocument();
    expect(within(dialog).getByText('Election date must fall in the year of its code (P2026 -> a day in 2026)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  test('edits an existing committee and shows what the server refused', async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { message: 'Each election code may appear only once', details: { elections: 'Each election code may appear only once' } } }
        : undefined,
    );
    const { onSaved } = renderDialog('cm-9');
    const dialog = await screen.findByRole('dialog', { name: 'Edit committee' });
    expect(await within(dialog).findByDisplayValue('C00123456')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove election 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save committee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Each election code may appear only once');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/committees/cm-9', body: { elections: [] } });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
