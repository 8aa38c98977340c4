import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteApp } from './SiteApp';

/** Renders nothing: its effect runs once React has hydrated the page (effects follow the commit). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * Makes the prerendered page a React app again: same tree as prerender.tsx, so nothing is
 * re-rendered. Resolves once the page is hydrated. The loader has already counted the page view of
 * the page it hydrates (`pageViewSentFor`).
 */
export function hydrateSite({ pageViewSentFor }: { pageViewSentFor?: string } = {}): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return Promise.reject(new Error('#root is missing from the prerendered page'));
  return new Promise((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <SiteApp pageViewSentFor={pageViewSentFor} />
        </BrowserRouter>
        <Hydrated onHydrated={resolve} />
      </StrictMode>,
      {
        onRecoverableError(error) {
          // A hydration mismatch is a bug of the prerender: say so loudly (the journey fails on it).
          console.error('[caucus] hydration error on a prerendered page', error);
        },
      },
    );
  });
}
