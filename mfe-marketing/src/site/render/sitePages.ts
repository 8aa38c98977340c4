import { CONTENT_PAGES } from '../content/pages';

/**
 * The public site's pages that are prerendered to HTML at build time (ADR 0008) and hydrated by
 * the site's own small bundle. The sign-in and the signup are not among them: they are prerendered
 * apart, never hydrated, with islands (prerender.tsx STANDALONE_PAGES, ADR 0014), and the signup's
 * success page, where the session starts, runs in the shell.
 */
export const SITE_PAGES: readonly string[] = [
  '/',
  '/pricing',
  '/contact',
  '/status',
  '/blog',
  '/case-studies',
  ...Object.keys(CONTENT_PAGES).map((path) => `/${path}`),
];

const pages = new Set(SITE_PAGES);

/** Whether a path is one of the prerendered pages (a trailing slash counts as none). */
export function isSitePage(pathname: string): boolean {
  return pages.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** The document title, as the shell names these pages ('Caucus — Pricing'). */
export function siteTitle(pathname: string): string {
  const slug = pathname.replace(/\/+$/, '').split('/').filter(Boolean).pop();
  const name = slug
    ? slug
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ')
    : 'Home';
  return `Caucus — ${name}`;
}
