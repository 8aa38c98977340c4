import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { SessionHarness } from '@caucus/design-system/session';
// The harness stands in for the shell, which owns the global tokens and base styles.
import '@caucus/design-system/tokens.css';
import { Harness } from './harness/Harness';
import { Section } from './Section';

const SECTION_PATH = '/dashboard/data';

const router = createBrowserRouter([
  {
    path: `${SECTION_PATH}/*`,
    element: (
      <Harness sectionName="Data">
        <Section />
      </Harness>
    ),
  },
  { path: '*', element: <Navigate to={SECTION_PATH} replace /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionHarness>
      <RouterProvider router={router} />
    </SessionHarness>
  </StrictMode>,
);
