import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { SessionHarness } from '../SessionHarness';
import { StandaloneHarness } from './StandaloneHarness';

export type StandaloneOptions = {
  /** The remote's exposed section root (it creates no router or providers, ADR 0001). */
  Section: ComponentType;
  /** Where the shell mounts the section, e.g. '/dashboard/lists'; other paths redirect there.
   *  Omitted: the section owns every path (the public site). */
  sectionPath?: string;
  /** The section's name in the harness frame and on the dev login, e.g. 'Lists'. */
  title: string;
  /** False for a public section: no dev login, no frame. Default true. */
  requireLogin?: boolean;
};

export type MountStandaloneOptions = StandaloneOptions & {
  /** Default: the page's #root. */
  container?: HTMLElement;
};

/** The routes the shell would give the section, wrapped in the standalone frame. */
export function standaloneRoutes({ Section, sectionPath, title, requireLogin = true }: StandaloneOptions): RouteObject[] {
  const element = (
    <StandaloneHarness title={title} requireLogin={requireLogin}>
      <Section />
    </StandaloneHarness>
  );
  if (!sectionPath) return [{ path: '*', element }];
  return [
    { path: `${sectionPath}/*`, element },
    { path: '*', element: <Navigate to={sectionPath} replace /> },
  ];
}

/** Declarative routes, as in the shell: the page's shared router module has no data router (ADR 0008). */
function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * A remote's whole `bootstrap.tsx` when it runs on its own: the router, the providers and the
 * frame the shell would give it. The global tokens and base styles load here, lazily, so the
 * session entry (a federation singleton the shell loads too) never ships global CSS itself.
 */
export function mountStandalone({ container, ...options }: MountStandaloneOptions): Root {
  const target = container ?? document.getElementById('root');
  if (!target) throw new Error('#root is missing from index.html');
  void Promise.all([import('@caucus/design-system/tokens.css'), import('@caucus/design-system/base.css')]);
  const routes = standaloneRoutes(options);
  const root = createRoot(target);
  root.render(
    <StrictMode>
      <SessionHarness>
        <BrowserRouter>
          <StandaloneRoutes routes={routes} />
        </BrowserRouter>
      </SessionHarness>
    </StrictMode>,
  );
  return root;
}
