// Node entry of the build-time prerender (mfe-marketing/scripts/prerender.js): renders each public
// page to HTML with the same components the browser hydrates.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SiteApp } from './SiteApp';
import { SITE_PAGES, siteTitle } from './sitePages';

export { SITE_PAGES, siteTitle };

export function renderPage(pathname: string): string {
  return renderToString(
    <StaticRouter location={pathname}>
      <SiteApp />
    </StaticRouter>,
  );
}
