import { screen } from '@testing-library/react';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { ContactMeetings } from './ContactMeetings';

test("shows the contact's meetings with attendees and follow-up", async () => {
  mockApi((url) =>
    url.pathname === '/api/contacts/c-1/meetings'
      ? {
          body: {
            data: {
              meetings: [
                {
                  id: 'm-1',
                  contactId: 'c-1',
                  contactName: 'Ada Lovelace',
                  metAt: '2026-11-20T17:00:00.000Z',
                  subject: 'Coffee about the gala',
                  notes: 'Open to hosting',
                  followUp: 'Send the host packet',
                  followUpDate: '2026-12-01',
                  attendees: [{ id: 'u1', name: 'Dana Demo' }],
                  createdBy: null,
                  createdAt: '2026-11-20T18:00:00.000Z',
                },
              ],
            },
          },
        }
      : { status: 404, body: { message: 'Not found' } },
  );
  renderAt('/c', '/c', <ContactMeetings contactId="c-1" />);
  expect(await screen.findByText('Coffee about the gala')).toBeInTheDocument();
  expect(screen.getByText(/with Dana Demo/)).toBeInTheDocument();
  expect(screen.getByText(/Follow-up by .*: Send the host packet/)).toBeInTheDocument();
});

test('says none are recorded and links to where they are logged', async () => {
  mockApi(() => ({ body: { data: { meetings: [] } } }));
  renderAt('/c', '/c', <ContactMeetings contactId="c-1" />);
  expect(await screen.findByRole('link', { name: 'Log a meeting' })).toHaveAttribute('href', '/dashboard/calls-meetings/meetings');
});
