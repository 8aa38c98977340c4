import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/design-system/testing';
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
      return reply ? reply(body) : { body: { data: { limits: defaults.map((row) => (row.contributorType === 'individual' ? { ...row, amount: 3300, source: 'account' } : row)) } } };
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

  test("checks the contract's rule before sending, and shows the server's refusal", async () => {
    const puts = serve(() => ({ status: 400, body: { message: 'Cycle must be an even year between 1976 and 2100 (e.g. 2026)' } }));
    renderAt('/c', '/c', <LimitSettings />);
    const individual = await screen.findByLabelText('Individual limit for 2026');
    await userEvent.clear(individual);
    await userEvent.type(individual, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Limit amount must be a positive amount of at most 999,999,999,999.99');
    expect(puts).toEqual([]);
    await userEvent.type(individual, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Cycle must be an even year'));
  });
});
