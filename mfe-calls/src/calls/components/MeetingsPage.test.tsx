import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, setWorkspacePreferences } from '@caucus/platform';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';

afterEach(() => {
  clearToasts();
  setWorkspacePreferences(null);
});

test('logs a meeting with a contact found by name, team attendees and a follow-up, on the workspace clock', async () => {
  setWorkspacePreferences({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' });
  const posts: Record<string, unknown>[] = [];
  let meetings: unknown[] = [];
  mockApi((url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      const meeting = { id: 'm-1', contactName: 'Alma Abbott', attendees: [{ id: 'u1', name: 'Dana Demo' }], createdBy: null, createdAt: body.metAt, ...body };
      meetings = [meeting];
      return { status: 201, body: { data: { meeting } } };
    }
    if (url.pathname === '/api/meetings') return { body: { data: { meetings } } };
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
    if (url.pathname === '/api/contacts' && url.searchParams.get('search') === 'Abb') {
      return { body: { data: { contacts: [{ id: 'p-1', firstName: 'Alma', lastName: 'Abbott', organization: null, primaryEmail: null }], total: 1 } } };
    }
    return { body: { data: { contacts: [], total: 0 } } };
  });
  const user = userEvent.setup();
  renderAt('/dashboard/calls-meetings/meetings', '/dashboard/calls-meetings/*', <Section />);
  expect(await screen.findByText('No meetings logged yet', undefined, { timeout: 10_000 })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Log a meeting' }));
  const form = screen.getByRole('form', { name: 'Log a meeting' });
  await user.click(within(form).getByRole('button', { name: 'Save meeting' }));
  expect(await within(form).findByText('Subject is required')).toBeInTheDocument();
  expect(within(form).getByText('Contact is required')).toBeInTheDocument();

  await user.type(within(form).getByLabelText(/Find the contact/), 'Abb');
  await within(form).findByRole('option', { name: 'Alma Abbott' });
  await user.selectOptions(within(form).getByLabelText(/^Contact/), 'p-1');
  await user.type(within(form).getByLabelText(/Subject/), 'Coffee');
  await user.clear(within(form).getByLabelText(/Meeting date/));
  await user.type(within(form).getByLabelText(/Meeting date/), '2026-12-01');
  await user.type(within(form).getByLabelText(/^Time/), '08:30');
  await user.click(within(form).getByRole('checkbox', { name: 'Rae Ortiz' }));
  await user.type(within(form).getByLabelText(/^Follow-up$/), 'Send the host packet');
  await user.click(within(form).getByRole('button', { name: 'Save meeting' }));
  expect(await screen.findByText('Coffee · Alma Abbott')).toBeInTheDocument();
  expect(posts).toEqual([
    {
      contactId: 'p-1',
      metAt: '2026-12-01T13:30:00.000Z',
      subject: 'Coffee',
      attendeeIds: ['u1', 'u2'],
      notes: null,
      followUp: 'Send the host packet',
      followUpDate: null,
    },
  ]);
});
