import { Suspense, lazy, useEffect, useState, type MouseEvent } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Button } from '@caucus/design-system';
import { can, useSession, useWorkspacePreferences } from '@caucus/platform';
import { DASHBOARD_SECTIONS } from './sections';
import { LogoMark, MenuIcon, SectionIcon, SettingsIcon } from './icons';
import { TopBarSearch } from './search/TopBarSearch';
import { useWorkspace } from '../settings/workspaceApi';
import styles from './DashboardLayout.module.css';

// Only a read-only workspace shows it: every other dashboard does not load it (ADR 0014).
const ReadOnlyBanner = lazy(() => import('../settings/ReadOnlyBanner').then((module) => ({ default: module.ReadOnlyBanner })));
// Only a user in several accounts has the choice: everyone else does not load it (ADR 0014).
const AccountSwitcher = lazy(() => import('./accounts/AccountSwitcher').then((module) => ({ default: module.AccountSwitcher })));

const NAV_ID = 'dashboard-navigation';
const MAIN_ID = 'main-content';

/** Focus moves into the page itself, without a #hash in the address for the router to keep. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

export function DashboardLayout() {
  const { session, signOut } = useSession();
  // The organization's saved name, and whether the workspace is read-only (settings on the server).
  const workspace = useWorkspace(Boolean(session)).data;
  // Every page of the frame prints dates in the workspace's zone and format, the home's widgets and
  // the search suggestions as much as the sections: one read of the same cached request feeds them.
  useWorkspacePreferences();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // On narrow screens the navigation is an overlay; following a link closes it.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [menuOpen]);

  const handleLogout = async () => {
    setSigningOut(true);
    // Leave the dashboard first, so clearing the session does not trip the guard's /login redirect.
    void navigate('/', { replace: true });
    await signOut();
  };

  const userName = session?.user.name || session?.user.email || '';

  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <aside id={NAV_ID} className={`${styles.sidebar} ${menuOpen ? styles.sidebarOpen : ''}`} aria-label="Dashboard navigation" data-open={menuOpen}>
        <div className={styles.brand}>
          <LogoMark />
          <span className={styles.brandName}>Caucus</span>
        </div>
        <nav>
          <ul className={styles.navList}>
            {DASHBOARD_SECTIONS.filter((section) => !section.permission || can(session, section.permission)).map((section) => (
              <li key={section.id}>
                <NavLink
                  to={section.path}
                  end={section.id === 'dashboard'}
                  className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLinkActive : ''}`}
                >
                  <span className={styles.navIcon}>
                    <SectionIcon id={section.id} />
                  </span>
                  <span className={styles.navText}>
                    <span className={styles.navLabel}>{section.label}</span>
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.account}>
          <span className={styles.accountLabel}>Account</span>
          <span className={styles.accountName}>{workspace?.organizationName ?? session?.accountName}</span>
        </div>
      </aside>
      {menuOpen ? <div className={styles.scrim} onClick={() => setMenuOpen(false)} aria-hidden="true" /> : null}

      <div className={styles.main}>
        <header className={styles.topBar}>
          <button
            type="button"
            className={styles.menuToggle}
            aria-expanded={menuOpen}
            aria-controls={NAV_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
          <TopBarSearch />
          <div className={styles.actions}>
            {session && session.accounts.length > 1 ? (
              <Suspense fallback={null}>
                <AccountSwitcher />
              </Suspense>
            ) : null}
            <button type="button" className={styles.iconButton} onClick={() => navigate('/dashboard/settings')} aria-label="Settings" title="Settings">
              <SettingsIcon />
            </button>
            <div className={styles.user}>
              <Avatar name={userName} size="sm" />
              <span className={styles.userName}>{userName}</span>
            </div>
            <Button variant="secondary" size="sm" onClick={handleLogout} loading={signingOut}>
              Logout
            </Button>
          </div>
        </header>
        {/* tabIndex -1: the skip link moves focus here, not only the scroll position. */}
        <main id={MAIN_ID} className={styles.content} tabIndex={-1}>
          {workspace?.subscription.readOnly ? (
            <Suspense fallback={null}>
              <ReadOnlyBanner workspace={workspace} />
            </Suspense>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
