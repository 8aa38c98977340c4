import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { analytics, api, ApiError, clearSession, getSession, sessionFromLogin, setSession } from '@caucus/design-system/session';
import type { MeResponse } from '@caucus/api/contract';
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
 * The stored profile says who was signed in; the httpOnly cookie decides whether that is still
 * true. Ask once per page load: a 401 clears the stored profile, and the dashboard guard then
 * sends the user to /login. Public pages stay where they are.
 */
function useConfirmStoredSession(): void {
  const checked = useRef(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathAtLoad = useRef(pathname);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const stored = getSession();
    if (!stored) return;
    api.get<MeResponse>('/auth/me', { skipAuthRedirect: true }).then(
      (me) => {
        const fresh = sessionFromLogin(me);
        // Keep the account the user works in when it is still one of theirs.
        const current = fresh.accounts.find((account) => account.id === stored.accountId);
        setSession(
          current
            ? { ...fresh, accountId: current.id, accountName: current.name, organizationType: current.organizationType }
            : fresh,
        );
        // The organization requires two-factor sign-in and this user has not set it up: the
        // workspace answers nothing but enrolment until they do, so take them there (the page says why).
        if (me.twoFactorEnrollmentRequired && pathAtLoad.current.startsWith('/dashboard') && pathAtLoad.current !== TWO_FACTOR_ENROLMENT_PATH) {
          navigate(TWO_FACTOR_ENROLMENT_PATH, { replace: true });
        }
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) clearSession();
      },
    );
  }, [navigate]);
}

export function RootLayout() {
  useRouteEffects();
  useConfirmStoredSession();
  return <Outlet />;
}
