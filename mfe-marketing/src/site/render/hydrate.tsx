import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteApp } from './SiteApp';

/**
 * Renders nothing. Its layout effect runs in the commit that hydrates the page, right after the
 * fields' refs were attached (the form library has them from there); its effect once that commit is
 * done (effects follow the commit).
 */
function Hydrated({ onCommitted, onHydrated }: { onCommitted: () => void; onHydrated: () => void }) {
  useLayoutEffect(onCommitted, [onCommitted]);
  useEffect(onHydrated, [onHydrated]);
  return null;
}

const nothing = () => {};

/**
 * Makes the prerendered page a React app again: same tree as prerender.tsx, so nothing is
 * re-rendered. Resolves once the page is hydrated. The loader has already counted the page view of
 * the page it hydrates (`pageViewSentFor`).
 */
export function hydrateSite({ pageViewSentFor, onCommitted = nothing }: { pageViewSentFor?: string; onCommitted?: () => void } = {}): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return Promise.reject(new Error('#root is missing from the prerendered page'));
  return new Promise((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <SiteApp pageViewSentFor={pageViewSentFor} />
        </BrowserRouter>
        <Hydrated onCommitted={onCommitted} onHydrated={resolve} />
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
