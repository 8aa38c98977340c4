import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { emptyStats, session, weeks } from '../../test/fixtures';

function serve(detail: typeof session) {
  mockApi((url) => {
    if (url.pathname === `/api/call-sessions/${detail.id}`) return { body: { data: { session: detail } } };
    return { body: { data: {} } };
  });
}

test("shows the session's fulfilment week by week, with the rate as text beside its bar, and each caller's figures", async () => {
  serve({
    ...session,
    stats: { ...session.stats, overTime: weeks },
    callers: [
      {
        caller: { id: 'u1', name: 'Dana Demo' },
        stats: { ...session.stats, calls: 4, callsPerHour: 12, contactRate: 0.75, fulfilledAmount: 200, fulfilmentRate: 0.4, overTime: weeks.slice(0, 1) },
      },
      { caller: { id: 'u2', name: 'Rae Ortiz' }, stats: { ...emptyStats, calls: 2 } },
    ],
  });
  renderAt('/dashboard/calls-meetings/sessions/s-1', '/dashboard/calls-meetings/*', <Section />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday call time' })).toBeInTheDocument();
  const series = screen.getByRole('table', { name: 'Pledges of this session fulfilled, week by week' });
  const [head, ...rows] = within(series).getAllByRole('row');
  expect(
    within(head)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Week of', 'Rate to date', 'Fulfilled to date', 'Pledged', 'Came in']);
  expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent(/Nov.*16.*2026|11\/16\/2026|2026-11-16/);
  expect(
    within(rows[1])
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['100%', '$500 of $500', '$0', '$300']);
  const callers = screen.getByRole('table', { name: 'Stats of each caller in this session' });
  expect(
    within(within(callers).getByRole('row', { name: /Dana Demo/ }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['4', '12/h', '75%', '$500', '$200', '40%']);
  // The caller's own weeks, behind the rate to date; a caller without pledges has none to open.
  await userEvent.click(screen.getByText('Dana Demo: 40% fulfilled ($200 of $500)'));
  const own = screen.getByRole('table', { name: 'Pledges taken by Dana Demo fulfilled, week by week' });
  expect(
    within(own)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
  ).toEqual([['40%', '$200 of $500', '$500', '$200']]);
  expect(screen.queryByText(/^Rae Ortiz: /)).not.toBeInTheDocument();
});

test('says when nothing is pledged yet instead of an empty table', async () => {
  serve({ ...session, stats: { ...emptyStats }, callers: [] });
  renderAt('/dashboard/calls-meetings/sessions/s-1', '/dashboard/calls-meetings/*', <Section />);
  expect(await screen.findByText(/No pledges yet/)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.getByText('No calls yet.')).toBeInTheDocument();
  expect(screen.getByText('No caller has taken a pledge yet.')).toBeInTheDocument();
});
