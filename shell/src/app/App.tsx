import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRoutes } from 'react-router-dom';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster, caucusStore, createQueryClient, setUnauthorizedHandler, useSession } from '@caucus/platform';
import { routes } from './routes';

/**
 * The data of a session that ended (signed out here or in another tab, expired) or was replaced
 * (another user or account signed in from another tab) is not kept for whoever comes next.
 */
function useForgetDataOfEndedSessions(queryClient: QueryClient): void {
  const { session } = useSession();
  const identity = session ? `${session.user.id}:${session.accountId}` : null;
  const previous = useRef(identity);
  useEffect(() => {
    if (previous.current !== null && previous.current !== identity) queryClient.clear();
    previous.current = identity;
  }, [identity, queryClient]);
}

function AppRoutes() {
  const navigate = useNavigate();
  // A 401 anywhere navigates inside the app instead of reloading the page.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return useRoutes(routes);
}

/** The shell inside a router: a BrowserRouter in the page (bootstrap.tsx), a MemoryRouter in tests. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  useForgetDataOfEndedSessions(queryClient);

  return (
    <JotaiProvider store={caucusStore}>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
        <Toaster />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
