import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Toaster } from './toasts/Toaster';
import { caucusStore } from './store';
import { createQueryClient } from './queryClient';
import { setSession } from './sessionState';
import type { Session } from './types';

export type SessionHarnessProps = {
  children: ReactNode;
  /** Session to start with; omitted keeps whatever is stored, null starts signed out. */
  initialSession?: Session | null;
  /** A client of the test's own (e.g. with retries off); by default a fresh createQueryClient(). */
  queryClient?: QueryClient;
};

/** The providers the shell gives a section, for standalone remotes, Storybook and tests. */
export function SessionHarness({ children, initialSession, queryClient }: SessionHarnessProps) {
  // Set once, before the children first read the session.
  useState(() => {
    if (initialSession !== undefined) setSession(initialSession, { remember: false });
    return true;
  });
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <Provider store={caucusStore}>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </Provider>
  );
}
