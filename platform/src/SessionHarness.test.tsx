import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { clearToasts, toast } from './toasts/state';
import { api } from './apiClient';
import { SessionHarness } from './SessionHarness';
import { setSession } from './sessionState';
import { jsonResponse, mockFetch, sampleSession } from './testUtils';
import { useSession } from './useSession';

const originalFetch = global.fetch;

afterEach(() => {
  global.fetch = originalFetch;
  act(() => {
    setSession(null);
    clearToasts();
  });
});

function Greeting() {
  const { session } = useSession();
  const contacts = useQuery({ queryKey: ['contacts'], queryFn: () => api.get<{ total: number }>('/contacts/summary') });
  return (
    <div>
      <p>{session ? `Hello ${session.user.name}` : 'Signed out'}</p>
      {contacts.data ? <p>{`${contacts.data.total} contacts`}</p> : null}
      <button type="button" onClick={() => toast.success('Welcome Back!')}>
        Greet
      </button>
    </div>
  );
}

describe('SessionHarness', () => {
  it('provides the session, a query client and the toaster', async () => {
    mockFetch(jsonResponse(200, { data: { total: 2847 } }));
    render(
      <SessionHarness initialSession={sampleSession}>
        <Greeting />
      </SessionHarness>,
    );
    expect(screen.getByText('Hello Ada Lovelace')).toBeInTheDocument();
    expect(await screen.findByText('2847 contacts')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Greet' }));
    expect(screen.getByRole('status')).toHaveTextContent('Welcome Back!');
  });

  it('starts signed out with a null session', () => {
    mockFetch(jsonResponse(200, { data: { total: 0 } }));
    render(
      <SessionHarness initialSession={null}>
        <Greeting />
      </SessionHarness>,
    );
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });
});
