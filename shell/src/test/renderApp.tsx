import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { clearSession, clearToasts, setSession, type Session } from '@caucus/design-system/session';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { clearSectionCache } from '../federation/RemoteSection';
import { clearWidgetCache } from '../federation/RemoteWidget';

export type RenderAppOptions = { session?: Session | null; fakeTimers?: boolean };

/** Resolves once the router has loaded the first route's lazy module (the auth pages are lazy). */
function routerReady(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The whole shell (providers, routes, frame) on a memory router at `path`. */
export async function renderApp(path: string, { session = null, fakeTimers = false }: RenderAppOptions = {}) {
  if (session) setSession(session, { remember: true });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const view = render(<App router={router} />);
  await act(() => routerReady(router));
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, user, location };
}

/** Fresh storage and store between tests (the jotai store is the page's singleton). */
export function resetAppState(): void {
  act(() => {
    clearSession();
    clearToasts();
  });
  clearSectionCache();
  clearWidgetCache();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = '';
}
