// Test-only entry `@caucus/platform/testing`: the remotes' unit tests mount a section the way
// the shell does. Production code never imports it, so it is not a federation shared module.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { SessionHarness } from '../SessionHarness';
import type { Session } from '../types';

/** Forgets the page's session state as a fresh page load would (a new tab's first moment). */
export { forgetSessionState } from '../sessionState';

export const testSession: Session = {
  user: { id: 'u1', email: 'demo@caucus.local', firstName: 'Dana', lastName: 'Demo', name: 'Dana Demo' },
  accounts: [{ id: 'a1', name: 'Demo Campaign', organizationType: 'political' }],
  accountId: 'a1',
  accountName: 'Demo Campaign',
  organizationType: 'political',
};

export type MockReply = { status?: number; body: unknown };
export type MockHandler = (url: URL, init: RequestInit | undefined) => MockReply | Promise<MockReply>;

/**
 * Replaces `fetch` (the network boundary under the design system's api client) with a
 * handler that answers in the API's envelope. Returns the mock to inspect the calls.
 */
export function mockApi(handler: MockHandler): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body } = await handler(url, init);
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(body),
      json: async () => body,
    } as unknown as Response;
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** A reply that never arrives, to look at the loading state. */
export function pending(): Promise<MockReply> {
  return new Promise(() => undefined);
}

/** Renders an element the way the shell mounts a section: its path, its router, its providers. */
export function renderAt(path: string, routePath: string, element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <SessionHarness initialSession={testSession} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
        </Routes>
      </MemoryRouter>
    </SessionHarness>,
  );
}
