import { screen } from '@testing-library/react';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { ContactMessages } from './ContactMessages';

test('shows each gift’s thank-you, what the contact received, and an unsubscribe', async () => {
  mockApi(() => ({
    body: {
      data: {
        unsubscribedAt: '2026-11-20T15:00:00.000Z',
        acknowledgments: [
          { donationId: 'd-1', amount: 250, donationDate: '2026-11-02', status: 'sent', channel: 'letter', acknowledgedAt: '2026-11-03T15:00:00.000Z' },
          { donationId: 'd-2', amount: 40, donationDate: '2026-11-10', status: 'pending', channel: null, acknowledgedAt: null },
        ],
        messages: [
          {
            id: 'm-1',
            kind: 'list',
            channel: 'email',
            subject: 'Park news',
            status: 'sent',
            error: null,
            toEmail: 'ann@example.org',
            sentAt: '2026-11-19T15:00:00.000Z',
            createdAt: '2026-11-19T15:00:00.000Z',
            sendId: 's-1',
            donationId: null,
          },
        ],
      },
    },
  }));
  renderAt('/c-1', '/:id', <ContactMessages contactId="c-1" />);
  expect(await screen.findByText('Park news')).toBeInTheDocument();
  expect(screen.getByText('Unsubscribed')).toBeInTheDocument();
  expect(screen.getByText(/Thanked by letter on/)).toBeInTheDocument();
  expect(screen.getByText('Not yet thanked')).toBeInTheDocument();
});
