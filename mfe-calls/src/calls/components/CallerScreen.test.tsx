import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts } from '@caucus/platform';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { prospect } from '../../test/fixtures';

type Call = { method: string; path: string; body: Record<string, unknown> };

/** The API of one session: three prospects in order; each logged call brings the next. */
function serveApi(warning: string | null = null) {
  const queue = [prospect(), prospect({ contactId: 'p-2', name: 'Hana Second', suggestedAsk: 250 }), prospect({ contactId: 'p-3', name: 'Ivo Third' })];
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const progress = { total: 3, done: 3 - queue.length, pending: queue.length, inProgress: 0, skipped: 0 };
    if (url.pathname === '/api/call-sessions/s-1/next') return { body: { data: { prospect: queue[0] ?? null, progress } } };
    if (url.pathname === '/api/call-sessions/s-1/calls' && method === 'POST') {
      const done = queue.shift()!;
      return {
        status: 201,
        body: {
          data: {
            call: { id: `call-${calls.length}`, contactId: done.contactId, contactName: done.name, outcome: body.outcome, amount: body.amount ?? null },
            pledge: null,
            donationId: null,
            warning: body.outcome === 'pledged' ? warning : null,
            progress,
          },
        },
      };
    }
    return { body: { data: {} } };
  });
  return calls;
}

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/calls')).map((c) => c.body);

afterEach(() => clearToasts());

test('shows one prospect: tel links, work, giving, the limit and the suggested ask', async () => {
  serveApi();
  renderAt('/dashboard/calls-meetings/sessions/s-1/call', '/dashboard/calls-meetings/*', <Section />);
  expect(await screen.findByRole('heading', { name: 'Gil Giver' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /\(555\) 010-2030/ })).toHaveAttribute('href', 'tel:5550102030');
  expect(screen.getByText(/Engineer at Acme/)).toBeInTheDocument();
  expect(within(screen.getByLabelText('Suggested ask')).getByText('$1,000')).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /P2028 \$1,000 \$3,500 \$2,500/ })).toBeInTheDocument();
  // The shortcuts are on screen.
  expect(screen.getByRole('button', { name: '1 No answer' })).toHaveAttribute('aria-keyshortcuts', '1');
  expect(screen.getByText(/log the outcome shown on each button/)).toBeInTheDocument();
});

test('the keyboard logs outcomes and the next prospect comes up at once', async () => {
  const calls = serveApi('The pledge of $3,000.00 passes what the contributor can still give to P2028');
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings/sessions/s-1/call', '/dashboard/calls-meetings/*', <Section />);
  await screen.findByRole('heading', { name: 'Gil Giver' }, { timeout: 10_000 });

  await user.keyboard('1');
  expect(await screen.findByRole('heading', { name: 'Hana Second' })).toBeInTheDocument();
  expect(posted(calls)).toEqual([{ contactId: 'p-1', outcome: 'no_answer', amount: null, electionCode: null, callbackAt: null, notes: null }]);

  // Pledged: the amount starts at the suggested ask; typed over, Enter saves.
  await user.keyboard('4');
  const amount = screen.getByRole('spinbutton', { name: 'Pledge amount' });
  expect(amount).toHaveValue(250);
  expect(amount).toHaveFocus();
  await user.clear(amount);
  await user.type(amount, '3000{Enter}');
  expect(await screen.findByRole('heading', { name: 'Ivo Third' })).toBeInTheDocument();
  expect(posted(calls)[1]).toMatchObject({ contactId: 'p-2', outcome: 'pledged', amount: 3000, electionCode: 'P2028' });
  expect(screen.getByText(/^Last call:/)).toHaveTextContent(
    'Hana Second: Pledged $3,000 — The pledge of $3,000.00 passes what the contributor can still give to P2028',
  );
});

test('a pledge without an amount shows the contract message and sends nothing; Esc cancels', async () => {
  const calls = serveApi();
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings/sessions/s-1/call', '/dashboard/calls-meetings/*', <Section />);
  await screen.findByRole('heading', { name: 'Gil Giver' }, { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: '5 Gave now' }));
  const amount = screen.getByRole('spinbutton', { name: 'Gift amount' });
  await user.clear(amount);
  await user.keyboard('{Enter}');
  expect(await screen.findByText('Amount is required for a pledge or a gift')).toBeInTheDocument();
  expect(posted(calls)).toEqual([]);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('spinbutton', { name: 'Gift amount' })).not.toBeInTheDocument();
  // N writes a note that goes with the next outcome.
  await user.keyboard('n');
  await user.keyboard('asked for a call next week');
  await user.keyboard('{Escape}6');
  await waitFor(() => expect(posted(calls)).toEqual([expect.objectContaining({ outcome: 'declined', notes: 'asked for a call next week' })]));
});

test('says when the call sheet is done', async () => {
  mockApi(() => ({ body: { data: { prospect: null, progress: { total: 3, done: 3, pending: 0, inProgress: 0, skipped: 0 } } } }));
  renderAt('/dashboard/calls-meetings/sessions/s-1/call', '/dashboard/calls-meetings/*', <Section />);
  expect(await screen.findByRole('heading', { name: 'The call sheet is done' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Chase pledges and call-backs' })).toHaveAttribute('href', '/dashboard/calls-meetings/follow-ups');
});

test('a prospect marked do not call meanwhile is refused, and the next one comes up', async () => {
  const queue = [prospect(), prospect({ contactId: 'p-2', name: 'Hana Second' })];
  mockApi((url, init) => {
    const progress = { total: 2, done: 0, pending: queue.length, inProgress: 0, skipped: 2 - queue.length };
    if (url.pathname === '/api/call-sessions/s-1/next') return { body: { data: { prospect: queue[0] ?? null, progress } } };
    if (url.pathname === '/api/call-sessions/s-1/calls' && init?.method === 'POST') {
      // Another session marked Gil do not call: the API skipped him everywhere and refuses the call.
      queue.shift();
      const message = 'This contact asked not to be called: the call was not logged';
      return { status: 409, body: { message, details: { contactId: message } } };
    }
    return { body: { data: {} } };
  });
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings/sessions/s-1/call', '/dashboard/calls-meetings/*', <Section />);
  await screen.findByRole('heading', { name: 'Gil Giver' }, { timeout: 10_000 });
  await user.keyboard('6');
  expect(await screen.findByRole('heading', { name: 'Hana Second' })).toBeInTheDocument();
  expect(screen.getByText(/asked not to be called/)).toBeInTheDocument();
});
