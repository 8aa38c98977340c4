import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, pending, renderAt } from '@caucus/platform/testing';
import { LIMIT_AMOUNT_MESSAGE, LIMIT_CYCLE_MESSAGE } from '@caucus/contract';
import { LimitSettings } from './LimitSettings';

const defaults = [
  { cycle: 2026, contributorType: 'individual', amount: 3500, source: 'default' },
  { cycle: 2026, contributorType: 'party', amount: 5000, source: 'default' },
];

function serve(reply?: (body: unknown) => { status?: number; body: unknown }) {
  const puts: unknown[] = [];
  mockApi((url, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return reply
        ? reply(body)
        : { body: { data: { limits: defaults.map((row) => (row.contributorType === 'individual' ? { ...row, amount: 3300, source: 'account' } : row)) } } };
    }
    return { body: { data: { limits: defaults } } };
  });
  return puts;
}

describe('LimitSettings', () => {
  test("sends only the changed limits and shows the account's own as set by you", async () => {
    const puts = serve();
    renderAt('/c', '/c', <LimitSettings />);
    const individual = await screen.findByLabelText('Individual limit for 2026');
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
    await userEvent.clear(individual);
    await userEvent.type(individual, '3300');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(puts).toEqual([{ limits: [{ cycle: 2026, contributorType: 'individual', amount: 3300 }] }]));
    const row = (await screen.findByText('Set by you')).closest('tr')!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Individual');
  });

  test('adds the next cycle from the latest one', async () => {
    const puts = serve();
    renderAt('/c', '/c', <LimitSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add cycle 2028' }));
    expect(screen.getByLabelText('Party committee limit for 2028')).toHaveValue(5000);
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          limits: [
            { cycle: 2028, contributorType: 'individual', amount: 3500 },
            { cycle: 2028, contributorType: 'party', amount: 5000 },
          ],
        },
      ]),
    );
  });

  test("checks the contract's rule on the field before sending anything", async () => {
    const puts = serve();
    renderAt('/c', '/c', <LimitSettings />);
    const individual = await screen.findByLabelText('Individual limit for 2026');
    await userEvent.clear(individual);
    await userEvent.type(individual, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    // The contract's message (LIMIT_AMOUNT_MESSAGE), on the field that is wrong.
    await waitFor(() => expect(individual).toHaveAccessibleDescription(LIMIT_AMOUNT_MESSAGE));
    expect(individual).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Party committee limit for 2026')).not.toHaveAttribute('aria-invalid');
    expect(puts).toEqual([]);
    // Blank is no amount either: the API schema refuses it with the same message.
    await userEvent.clear(individual);
    expect(individual).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(individual).toHaveAccessibleDescription(LIMIT_AMOUNT_MESSAGE));
    expect(puts).toEqual([]);
  });

  test("puts the server's refusal of an amount on its field, and any other refusal above the button", async () => {
    let reply: { status: number; body: unknown } = {
      status: 400,
      // The server names the body's rows: row 0 of the body is the party row, the only one sent.
      body: {
        message: 'Limit amount must be a positive amount of at most 999,999,999,999.99',
        details: { 'limits.0.amount': 'Limit amount must be a positive amount of at most 999,999,999,999.99' },
      },
    };
    const puts = serve(() => reply);
    renderAt('/c', '/c', <LimitSettings />);
    const party = await screen.findByLabelText('Party committee limit for 2026');
    await userEvent.clear(party);
    await userEvent.type(party, '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(party).toHaveAccessibleDescription(LIMIT_AMOUNT_MESSAGE));
    expect(puts).toEqual([{ limits: [{ cycle: 2026, contributorType: 'party', amount: 4000 }] }]);
    expect(screen.getByLabelText('Individual limit for 2026')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    reply = { status: 400, body: { message: LIMIT_CYCLE_MESSAGE, details: { 'limits.0.cycle': LIMIT_CYCLE_MESSAGE } } };
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LIMIT_CYCLE_MESSAGE);
  });

  test("shows the contract's cycle rule for a cycle past its range, before sending", async () => {
    const puts: unknown[] = [];
    mockApi((_url, init) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return { body: { data: { limits: [] } } };
      }
      return { body: { data: { limits: [{ cycle: 2100, contributorType: 'individual', amount: 3500, source: 'account' }] } } };
    });
    renderAt('/c', '/c', <LimitSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add cycle 2102' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LIMIT_CYCLE_MESSAGE);
    expect(puts).toEqual([]);
  });

  test('keeps the button busy while the limits are saved', async () => {
    mockApi((_url, init) => (init?.method === 'PUT' ? pending() : { body: { data: { limits: defaults } } }));
    renderAt('/c', '/c', <LimitSettings />);
    const individual = await screen.findByLabelText('Individual limit for 2026');
    await userEvent.clear(individual);
    await userEvent.type(individual, '3300');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save limits' })).toHaveAttribute('aria-busy', 'true');
  });
});
