import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionHarness } from '@caucus/design-system/session';
// The harness stands in for the shell, which owns the global tokens and base styles.
import '@caucus/design-system/tokens.css';
import './harness.css';
import { Section } from './Section';

// The public site needs no sign-in: the harness only gives it the shell's router and providers.
const router = createBrowserRouter([{ path: '*', element: <Section /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionHarness>
      <RouterProvider router={router} />
    </SessionHarness>
  </StrictMode>,
);
