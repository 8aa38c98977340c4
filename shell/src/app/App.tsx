import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@caucus/design-system';
import { caucusStore, createQueryClient, setUnauthorizedHandler } from '@caucus/design-system/session';

// Structural type: a browser router in the app, a memory router in tests.
type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createQueryClient);

  // A 401 anywhere navigates inside the app instead of reloading the page.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void router.navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [router]);

  return (
    <JotaiProvider store={caucusStore}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
