import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type MockReply } from '@caucus/platform/testing';
import { productCalls, renderSite } from '../test/fixtures';

function mockContactApi(reply: () => MockReply | Promise<MockReply>) {
  return mockApi((url) => (url.pathname === '/api/contact-form' ? reply() : { body: { data: {} } }));
}

const THANKS = "Thank you for your message. We'll get back to you within 24 hours.";

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Full name/), 'Grace Hopper');
  await user.type(screen.getByLabelText(/^Email/), 'grace@example.org');
  await user.selectOptions(screen.getByLabelText(/^Subject/), 'billing');
  await user.type(screen.getByLabelText(/^Message/), 'Can we pay yearly?');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

test('the form has the four required fields, the subjects, and the sidebar', () => {
  mockContactApi(() => ({ body: { data: {} } }));
  renderSite('/contact');
  expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  for (const label of [/^Full name/, /^Email/, /^Subject/, /^Message/]) expect(screen.getByLabelText(label)).toBeRequired();
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  const options = within(screen.getByLabelText(/^Subject/)).getAllByRole('option') as HTMLOptionElement[];
  expect(options.map((option) => option.value)).toEqual(['', 'sales', 'support', 'billing', 'partnership', 'other']);
  const sidebar = screen.getByRole('complementary', { name: 'Other ways to reach us' });
  expect(within(sidebar).getByRole('link', { name: 'support@caucus.app' })).toHaveAttribute('href', 'mailto:support@caucus.app');
  expect(within(sidebar).getByText('Monday to Friday 9 AM to 6 PM EST')).toBeInTheDocument();
  expect(within(sidebar).getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute('href', '/help');
});

test('sends, shows Sending..., then the success view; Send Another Message returns an empty form', async () => {
  const user = userEvent.setup();
  let release: (reply: MockReply) => void = () => undefined;
  const fetchMock = mockContactApi(() => new Promise<MockReply>((resolve) => (release = resolve)));
  renderSite('/contact');
  await fillAndSend(user);
  expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  const calls = productCalls(fetchMock);
  expect(calls).toEqual([
    {
      method: 'POST',
      path: '/api/contact-form',
      body: { name: 'Grace Hopper', email: 'grace@example.org', subject: 'billing', message: 'Can we pay yearly?' },
    },
  ]);
  await act(async () => release({ status: 201, body: { data: { success: true, message: THANKS } } }));
  expect(screen.getByRole('heading', { name: 'Message sent!' })).toBeInTheDocument();
  expect(screen.getByText(THANKS)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
  expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
  expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
  expect(screen.getByLabelText(/^Message/)).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test.each<[string, () => MockReply | Promise<MockReply>, string]>([
  ['success false with a message', () => ({ body: { data: { success: false, message: 'Our inbox is full' } } }), 'Our inbox is full'],
  ['success false without a message', () => ({ body: { data: { success: false } } }), 'Failed to send message. Please try again.'],
  ['a server error message', () => ({ status: 400, body: { message: 'Message is required' } }), 'Message is required'],
  ['a server error without message', () => ({ status: 500, body: {} }), 'Failed to send message. Please try again.'],
  [
    'a network failure',
    () => Promise.reject(new TypeError('Failed to fetch')),
    'There was an error sending your message. Please try again or contact us directly at support@caucus.app.',
  ],
])('%s shows its error and keeps the form filled', async (_name, reply, text) => {
  const user = userEvent.setup();
  mockContactApi(reply);
  renderSite('/contact');
  await fillAndSend(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByLabelText(/^Full name/)).toHaveValue('Grace Hopper');
  expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});
