import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { BROWSER_SESSION_COOKIE, clearSession, clearToasts, setSession, type Session } from '@caucus/platform';
import { forgetSessionState } from '@caucus/platform/testing';
import { App } from '../app/App';
import { clearSectionCache } from '../federation/RemoteSection';
import { clearWidgetCache } from '../federation/RemoteWidget';

export type RenderAppOptions = { session?: Session | null; fakeTimers?: boolean };

type Probe = { location: { pathname: string; search: string }; navigate: NavigateFunction | null };

/** Lets a test read where the app is and navigate it, as the router object of a data router did. */
function RouterProbe({ probe }: { probe: Probe }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return null;
}

/** The whole shell (providers, routes, frame) on a memory router at `path`. */
export async function renderApp(path: string, { session = null, fakeTimers = false }: RenderAppOptions = {}) {
  if (session) setSession(session, { remember: true });
  const probe: Probe = { location: { pathname: path, search: '' }, navigate: null };
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <RouterProbe probe={probe} />
    </MemoryRouter>,
  );
  // The first page's module may load on demand (the auth pages do): let it arrive.
  await act(async () => {
    await Promise.resolve();
  });
  const router = {
    navigate: async (to: string) => {
      await probe.navigate?.(to);
    },
  };
  const location = () => `${probe.location.pathname}${probe.location.search}`;
  return { ...view, router, user, location };
}

/**
 * Fresh storage and store between tests (the jotai store is the page's singleton): the next test
 * starts like a tab just opened in a browser with nothing cached.
 */
export function resetAppState(): void {
  act(() => {
    clearSession();
    clearToasts();
    forgetSessionState();
  });
  document.cookie = `${BROWSER_SESSION_COOKIE}=; Path=/; Max-Age=0`;
  clearSectionCache();
  clearWidgetCache();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = '';
}
