import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { clearToasts } from '../toasts/state';
import { SessionHarness } from '../SessionHarness';
import { forgetSessionState, setSession } from '../sessionState';
import { jsonResponse, mockFetch, sampleSession } from '../testUtils';
import type { Session } from '../types';
import { mountStandalone, standaloneRoutes, type StandaloneOptions } from './mountStandalone';

const originalFetch = global.fetch;

afterEach(() => {
  global.fetch = originalFetch;
  act(() => {
    setSession(null);
    clearToasts();
  });
});

function Section() {
  const { pathname } = useLocation();
  return <p>{`Section at ${pathname}`}</p>;
}

// A declarative router runs the same route objects without the data router's fetch Request,
// which jsdom lacks.
function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function renderStandalone(path: string, initialSession: Session | null | undefined, options: Partial<StandaloneOptions> = {}) {
  const routes = standaloneRoutes({ Section, sectionPath: '/dashboard/lists', title: 'Lists', ...options });
  return render(
    <SessionHarness initialSession={initialSession}>
      <MemoryRouter initialEntries={[path]}>
        <RouteTable routes={routes} />
      </MemoryRouter>
    </SessionHarness>,
  );
}

describe('standalone harness', () => {
  it('asks a signed-out developer to sign in, then shows the section in the frame', async () => {
    const { calls } = mockFetch(
      jsonResponse(200, {
        data: {
          user: { id: 'u-1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
          accounts: [{ id: 'acc-1', name: 'Friends of Ada', organizationType: 'campaign' }],
        },
      }),
    );
    renderStandalone('/dashboard/lists', null);
    expect(screen.getByRole('heading', { level: 1, name: 'Lists' })).toBeInTheDocument();
    expect(screen.queryByText(/Section at/)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Section at /dashboard/lists')).toBeInTheDocument();
    expect(screen.getByText('Caucus · Lists (standalone)')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/auth/login');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'demo@caucus.local', password: 'secret' });
  });

  it('in a new tab of a signed-in browser, asks the API and shows the section without the dev login', async () => {
    const { calls } = mockFetch(
      jsonResponse(200, {
        data: {
          user: { id: 'u-1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
          accounts: [{ id: 'acc-1', name: 'Friends of Ada', organizationType: 'campaign' }],
        },
      }),
    );
    act(() => forgetSessionState());
    renderStandalone('/dashboard/lists', undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(await screen.findByText('Section at /dashboard/lists')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me']);
  });

  it('shows the server message when the dev login fails', async () => {
    mockFetch(jsonResponse(401, { message: 'Invalid email or password' }));
    renderStandalone('/dashboard/lists', null);
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('redirects any other path to the section and signs out from the frame', async () => {
    mockFetch(jsonResponse(200, { data: null }));
    renderStandalone('/', sampleSession);
    expect(await screen.findByText('Section at /dashboard/lists')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('renders a public section at every path, without login or frame', () => {
    renderStandalone('/pricing', null, { sectionPath: undefined, title: 'Marketing', requireLogin: false });
    expect(screen.getByText('Section at /pricing')).toBeInTheDocument();
    expect(screen.queryByText(/standalone/)).not.toBeInTheDocument();
  });
});

describe('mountStandalone', () => {
  it('mounts the section with its own browser router and providers', async () => {
    act(() => setSession(sampleSession, { remember: false }));
    // Start at the section's path: the redirect from elsewhere is covered above.
    window.history.pushState({}, '', '/dashboard/lists');
    const container = document.createElement('div');
    document.body.appendChild(container);
    let root: ReturnType<typeof mountStandalone> | undefined;
    act(() => {
      root = mountStandalone({ Section, sectionPath: '/dashboard/lists', title: 'Lists', container });
    });
    await waitFor(() => expect(container).toHaveTextContent('Section at /dashboard/lists'));
    expect(container).toHaveTextContent('Caucus · Lists (standalone)');
    act(() => root?.unmount());
    container.remove();
  });

  it('fails loudly when the page has no #root', () => {
    expect(() => mountStandalone({ Section, title: 'Lists' })).toThrow('#root is missing from index.html');
  });
});
