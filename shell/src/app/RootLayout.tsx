import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { analytics, confirmSession, getSession } from '@caucus/platform';
import { documentTitle } from './pageTitles';

/** Where a user whose organization requires two-factor sign-in, and who has not set it up, is sent. */
export const TWO_FACTOR_ENROLMENT_PATH = '/dashboard/settings/security';

/** Title, analytics page view and scroll position follow every navigation. */
function useRouteEffects(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const title = documentTitle(pathname);
    document.title = title;
    analytics.pageView(pathname, title);
    // Back/forward keeps the browser's own scroll restoration.
    if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, navigationType]);
}

/**
 * The cached profile says who was signed in; the httpOnly cookie decides whether that is still
 * true. Ask once per page load: when a profile is cached (a 401 clears it, in every tab, and the
 * dashboard guard then sends the user to /login), and on a dashboard page with nothing cached (a
 * new tab: the guard waits for the same answer). A visitor's public pages are not asked.
 */
function useConfirmSessionOnLoad(): void {
  const checked = useRef(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathAtLoad = useRef(pathname);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const onDashboard = pathAtLoad.current.startsWith('/dashboard');
    if (!getSession() && !onDashboard) return;
    confirmSession().then(
      ({ session, twoFactorEnrollmentRequired }) => {
        // The organization requires two-factor sign-in and this user has not set it up: the
        // workspace answers nothing but enrolment until they do, so take them there (the page says why).
        if (session && twoFactorEnrollmentRequired && onDashboard && pathAtLoad.current !== TWO_FACTOR_ENROLMENT_PATH) {
          void navigate(TWO_FACTOR_ENROLMENT_PATH, { replace: true });
        }
      },
      () => {
        // Server unreachable: a cached profile stays (the next API call tells); the guard offers Retry.
      },
    );
  }, [navigate]);
}

export function RootLayout() {
  useRouteEffects();
  useConfirmSessionOnLoad();
  return <Outlet />;
}
