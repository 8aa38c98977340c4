import { screen } from '@testing-library/react';
import { EMAIL_CHANGE_CONFIRMED, EMAIL_CHANGE_UNDONE, INVALID_EMAIL_CHANGE_LINK, MISSING_EMAIL_CHANGE_TOKEN } from '@caucus/contract';
import { mockApi } from '../test/mockApi';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('../federation/remotes');

const TOKEN = 'a'.repeat(43);

afterEach(() => {
  resetAppState();
});

describe('/confirm-email', () => {
  test('confirms on a click, not on load, and says what happened', async () => {
    const api = mockApi({ 'POST /auth/email-change/confirm': { body: { data: { message: EMAIL_CHANGE_CONFIRMED, email: 'dana@new.example' } } } });
    const { user } = await renderApp(`/confirm-email?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirm new email' });
    // A mail scanner opening the link changes nothing.
    expect(api.callsTo('POST', '/auth/email-change/confirm')).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText(EMAIL_CHANGE_CONFIRMED)).toBeInTheDocument();
    expect(screen.getByText('You now sign in to Caucus with dana@new.example.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/email-change/confirm')[0].body).toEqual({ token: TOKEN });
  });

  test("a stale link shows the server's reason; no token says the link is incomplete", async () => {
    mockApi({ 'POST /auth/email-change/confirm': { status: 400, body: { message: INVALID_EMAIL_CHANGE_LINK } } });
    const { user } = await renderApp(`/confirm-email?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_EMAIL_CHANGE_LINK);
  });

  test('without a token the link is incomplete', async () => {
    mockApi({});
    await renderApp('/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_EMAIL_CHANGE_TOKEN);
  });
});

describe('/undo-email-change', () => {
  test('takes a new password, then says the email is back and everyone was signed out', async () => {
    const api = mockApi({ 'POST /auth/email-change/undo': { body: { data: { message: EMAIL_CHANGE_UNDONE, email: 'dana@old.example' } } } });
    const { user } = await renderApp(`/undo-email-change?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a-brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'a-different-pass');
    await user.click(screen.getByRole('button', { name: 'Undo the change and sign everyone out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(api.callsTo('POST', '/auth/email-change/undo')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a-brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Undo the change and sign everyone out' }));
    expect(await screen.findByText('Your sign-in email is dana@old.example again')).toBeInTheDocument();
    expect(screen.getByText(EMAIL_CHANGE_UNDONE)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/email-change/undo')[0].body).toEqual({ token: TOKEN, password: 'a-brand-new-pass' });
  });
});
