import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, analytics, caucusStore, createQueryClient } from '@caucus/platform';
import { Section } from '../../Section';
import { isSitePage, siteTitle } from './sitePages';

/** The providers the shell gives its sections, for the prerendered pages (which run without the shell). */
export function SiteProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider store={caucusStore}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </JotaiProvider>
  );
}

/**
 * A link from a prerendered page to a page that is not one (/login, /signup, /dashboard) is a plain
 * link: the browser loads that page from the server, which answers with the shell. The click is kept
 * from the router (which would change the URL first and then have to reload).
 */
function useFullLoadOutsideTheSite(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin === window.location.origin && !isSitePage(url.pathname)) event.stopPropagation();
    };
    // Capture on window runs before React's listener on the root.
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, []);
}

/**
 * The public pages, with title and page view following navigation as the shell does it for its own
 * pages. A navigation the router makes to a page that is not prerendered (from code, not a link)
 * loads that page from the server in place of the router's history entry.
 */
function SitePage({ pageViewSentFor }: { pageViewSentFor?: string }) {
  const { pathname, search, hash } = useLocation();
  const alreadyCounted = useRef(pageViewSentFor);
  const onSite = isSitePage(pathname);
  useFullLoadOutsideTheSite();
  useEffect(() => {
    if (!onSite) {
      window.location.replace(`${pathname}${search}${hash}`);
      return;
    }
    const title = siteTitle(pathname);
    document.title = title;
    if (alreadyCounted.current === pathname) {
      alreadyCounted.current = undefined;
      return;
    }
    analytics.pageView(pathname, title);
  }, [onSite, pathname, search, hash]);
  return onSite ? <Section /> : null;
}

/**
 * The public site as prerendered and as hydrated: the same tree on both sides. `pageViewSentFor`:
 * the path whose page view the loader already sent (ADR 0014), not counted twice.
 */
export function SiteApp({ pageViewSentFor }: { pageViewSentFor?: string } = {}) {
  return (
    <SiteProviders>
      <Routes>
        <Route path="*" element={<SitePage pageViewSentFor={pageViewSentFor} />} />
      </Routes>
    </SiteProviders>
  );
}
