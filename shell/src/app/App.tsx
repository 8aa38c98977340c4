import { useEffect, useState } from 'react';
import { useNavigate, useRoutes } from 'react-router-dom';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@caucus/design-system';
import { caucusStore, createQueryClient, setUnauthorizedHandler } from '@caucus/design-system/session';
import { routes } from './routes';

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

  return (
    <JotaiProvider store={caucusStore}>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
        <Toaster />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
