import { act, screen } from '@testing-library/react';
import { mockApi } from '../test/mockApi';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

afterEach(() => {
  resetAppState();
  jest.useRealTimers();
});

describe('/forgot-password', () => {
  test("'Send reset link' stays disabled while the email is blank", async () => {
    mockApi({});
    const { user } = await renderApp('/forgot-password');
    const button = screen.getByRole('button', { name: 'Send reset link' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), '   ');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.org');
    expect(button).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  test('confirms without telling whether the account exists', async () => {
    const api = mockApi({ 'POST /auth/forgot-password': { body: { sent: true } } });
    const { user } = await renderApp('/forgot-password');
    await user.type(screen.getByLabelText(/Email/), 'dana@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText(/If an account with that email exists, we've sent a password reset link to the address/)).toHaveTextContent('dana@example.org');
    expect(api.callsTo('POST', '/auth/forgot-password')[0].body).toEqual({ email: 'dana@example.org' });
  });

  test("shows the server's message when the request fails", async () => {
    mockApi({ 'POST /auth/forgot-password': { status: 429, body: { message: 'Too many requests' } } });
    const { user } = await renderApp('/forgot-password');
    await user.type(screen.getByLabelText(/Email/), 'dana@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  test('falls back to the generic message, and names a network failure', async () => {
    let reply: Error | { status: number; body: unknown } = { status: 500, body: {} };
    mockApi({ 'POST /auth/forgot-password': () => reply });
    const { user } = await renderApp('/forgot-password');
    await user.type(screen.getByLabelText(/Email/), 'dana@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred\. Please try again\.$/);

    reply = new TypeError('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  test('without a token the link is invalid', async () => {
    mockApi({});
    await renderApp('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid reset link. Please request a new password reset.');
    expect(screen.queryByRole('button', { name: 'Update password' })).not.toBeInTheDocument();
  });

  test('checks length and match, then resets and returns to /login after 3 seconds', async () => {
    jest.useFakeTimers();
    const api = mockApi({ 'POST /auth/reset-password': { body: { reset: true } } });
    const { user, location } = await renderApp('/reset-password?token=tok-123', { fakeTimers: true });

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long.');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/reset-password')[0].body).toEqual({ token: 'tok-123', password: 'long-enough-1' });

    act(() => jest.advanceTimersByTime(2999));
    expect(location()).toBe('/reset-password?token=tok-123');
    // /login is a lazy route: the navigation completes once its module has loaded.
    await act(async () => jest.advanceTimersByTime(1));
    expect(location()).toBe('/login');
  });

  test("shows the server's message for an expired token", async () => {
    mockApi({ 'POST /auth/reset-password': { status: 400, body: { message: 'This reset link has expired' } } });
    const { user } = await renderApp('/reset-password?token=old');
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired');
  });

  test('falls back to the generic message, and names a network failure', async () => {
    let reply: Error | { status: number; body: unknown } = { status: 502, body: {} };
    mockApi({ 'POST /auth/reset-password': () => reply });
    const { user } = await renderApp('/reset-password?token=abc');
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred\. Please try again\.$/);

    reply = new TypeError('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument();
  });
});
