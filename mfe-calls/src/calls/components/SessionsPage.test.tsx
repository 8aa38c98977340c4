import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, setSession } from '@caucus/platform';
import { ROLE_PERMISSIONS } from '@caucus/contract';
import { mockApi, renderAt, testSession } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { overall, session } from '../../test/fixtures';

type Call = { method: string; path: string; body: Record<string, unknown> };

function serveApi() {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/call-sessions' && method === 'GET') return { body: { data: { sessions: [session], overall } } };
    if (url.pathname === '/api/call-sessions' && method === 'POST')
      return { status: 201, body: { data: { session: { ...session, id: 's-2', name: body.name } } } };
    if (url.pathname === '/api/call-sessions/s-2') return { body: { data: { session: { ...session, id: 's-2', name: 'Thursday calls' } } } };
    if (url.pathname === '/api/call-sessions/team')
      return {
        body: {
          data: {
            team: [
              { id: 'u1', name: 'Dana Demo' },
              { id: 'u2', name: 'Rae Ortiz' },
            ],
          },
        },
      };
    if (url.pathname === '/api/contact-lists')
      return { body: { data: { lists: [{ id: 'l-1', name: 'Major donors', type: 'smart', memberCount: 40 }], total: 1 } } };
    if (url.pathname === '/api/campaigns') return { body: { data: { campaigns: [{ id: 'c-1', name: 'Re-elect Rivera' }] } } };
    return { body: { data: {} } };
  });
  return calls;
}

afterEach(() => clearToasts());

test('lists sessions with their progress and figures, and links to the caller screen', async () => {
  serveApi();
  renderAt('/dashboard/calls-meetings', '/dashboard/calls-meetings/*', <Section />);
  expect(screen.getByRole('heading', { level: 1, name: 'Call time' })).toBeInTheDocument();
  const card = (await screen.findByRole('link', { name: 'Tuesday call time' })).closest('article') ?? document.body;
  expect(within(card as HTMLElement).getByText('1 of 5 called')).toBeInTheDocument();
  expect(within(card as HTMLElement).getByText(/1 calls · contact rate 100% · pledged \$500/)).toBeInTheDocument();
  expect(within(card as HTMLElement).getByRole('link', { name: 'Start calling' })).toHaveAttribute('href', '/dashboard/calls-meetings/sessions/s-1/call');
  expect(screen.getByRole('link', { name: 'Call time' })).toHaveAttribute('aria-current', 'page');
});

test('shows every session together: each caller across sessions, and fulfilment week by week', async () => {
  serveApi();
  renderAt('/dashboard/calls-meetings', '/dashboard/calls-meetings/*', <Section />);
  const callers = await screen.findByRole('table', { name: 'Stats of each caller across all sessions' });
  const rae = within(callers).getByRole('row', { name: /Rae Ortiz/ });
  expect(
    within(rae)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['3', '6/h', '0%', '$0', '$0', '—']);
  const dana = within(callers).getByRole('row', { name: /Dana Demo/ });
  expect(
    within(dana)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['9', '18/h', '50%', '$500', '$500', '100%']);
  const series = screen.getByRole('table', { name: 'Pledges of all sessions fulfilled, week by week' });
  const rows = within(series).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['40%', '$200 of $500', '$500', '$200'],
    ['100%', '$500 of $500', '$0', '$300'],
  ]);
  // Each caller who took a pledge has a series of their own, behind its rate to date; Rae took none.
  const danaSeries = screen.getByText('Dana Demo: 100% fulfilled ($500 of $500)');
  expect(screen.queryByText(/^Rae Ortiz: /)).not.toBeInTheDocument();
  await userEvent.click(danaSeries);
  const own = screen.getByRole('table', { name: 'Pledges taken by Dana Demo fulfilled, week by week' });
  expect(
    within(own)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent),
  ).toEqual(['40%', '100%']);
});

test("the new-session form shows the contract's messages, then builds the session and opens it", async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings', '/dashboard/calls-meetings/*', <Section />);
  await user.click(await screen.findByRole('button', { name: 'New session' }));
  const form = await screen.findByRole('form', { name: 'New call-time session' }, { timeout: 10_000 });
  await user.click(within(form).getByRole('button', { name: 'Build call sheet' }));
  expect(await within(form).findByText('Session name is required')).toBeInTheDocument();
  expect(within(form).getByText('Please select a contact list')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);

  await user.type(within(form).getByLabelText(/Session name/), 'Thursday calls');
  await within(form).findByRole('option', { name: 'Major donors (smart, 40)' });
  await user.selectOptions(within(form).getByLabelText(/Contact list/), 'l-1');
  await within(form).findByRole('option', { name: 'Re-elect Rivera' });
  await user.selectOptions(within(form).getByLabelText(/Campaign/), 'c-1');
  await user.selectOptions(within(form).getByLabelText(/Call order/), 'alphabetical');
  await within(form).findByRole('option', { name: 'Rae Ortiz' });
  await user.selectOptions(within(form).getByLabelText(/Caller/), 'u2');
  await user.click(within(form).getByRole('button', { name: 'Build call sheet' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Thursday calls' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST' && c.path !== '/api/analytics/events')?.body).toEqual({
    name: 'Thursday calls',
    listId: 'l-1',
    campaignId: 'c-1',
    order: 'alphabetical',
    assigneeId: 'u2',
  });
});

test('a read-only member sees the sessions but neither "New session" nor "Start calling"', async () => {
  serveApi();
  renderAt('/dashboard/calls-meetings', '/dashboard/calls-meetings/*', <Section />);
  act(() => setSession({ ...testSession, role: 'read_only', permissions: [...ROLE_PERMISSIONS.read_only] }, { remember: false }));
  await screen.findByRole('link', { name: 'Tuesday call time' });
  const card = document.body;
  expect(within(card).getByRole('link', { name: 'Progress and stats' })).toBeInTheDocument();
  expect(within(card).queryByRole('link', { name: 'Start calling' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New session' })).not.toBeInTheDocument();
});
