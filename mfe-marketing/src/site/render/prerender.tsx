// Node entry of the build-time prerender (mfe-marketing/scripts/prerender.js): renders each public
// page to HTML with the same components the browser hydrates.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SiteApp } from './SiteApp';
import { SITE_PAGES, siteTitle } from './sitePages';
import { LoginView } from '../../auth/LoginView';
import { SignupView } from '../../signup/pages/SignupView';

export { SITE_PAGES, siteTitle };

/**
 * Prerendered pages that are not the site: no router, never hydrated, an island makes them act
 * (ADR 0014). The sign-in and the signup (/signup-new is the same signup), which the shell also
 * draws when its own router sends someone there. Their titles are the shell's (shell/src/app/pageTitles.ts).
 */
const STANDALONE_TITLES: Record<string, string> = { '/login': 'Login', '/signup': 'Sign Up', '/signup-new': 'Sign Up' };
export const STANDALONE_PAGES: readonly string[] = Object.keys(STANDALONE_TITLES);

export function renderStandalonePage(pathname: string): string {
  if (pathname === '/login') return renderToString(<LoginView />);
  if (pathname === '/signup' || pathname === '/signup-new') return renderToString(<SignupView />);
  throw new Error(`${pathname} is not a standalone page`);
}

/** The document title of a standalone page, as the shell names it ('Caucus — Sign Up'). */
export function standaloneTitle(pathname: string): string {
  const name = STANDALONE_TITLES[pathname];
  if (!name) throw new Error(`${pathname} is not a standalone page`);
  return `Caucus — ${name}`;
}

export function renderPage(pathname: string): string {
  return renderToString(
    <StaticRouter location={pathname}>
      <SiteApp />
    </StaticRouter>,
  );
}
