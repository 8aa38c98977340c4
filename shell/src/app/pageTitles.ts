// Page titles (docs/product/screens.md, Page-title map), keyed by route. The
// dashboard's sections have their own URLs here, so /dashboard/contacts/{id} maps to the map's
// /contacts/{id} and so on.
import { DASHBOARD_SECTIONS } from '../dashboard/sections';

export const APP_NAME = 'Caucus';

const EXACT_TITLES: Record<string, string> = {
  '/': 'Home',
  '/about': 'About',
  '/pricing': 'Pricing',
  '/users': 'Users',
  '/login': 'Login',
  '/signup': 'Sign Up',
  '/signup-new': 'Sign Up',
  '/signup/success': 'Sign Up',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/confirm-email': 'Confirm Email',
  '/undo-email-change': 'Undo Email Change',
  '/invitation': 'Join Team',
  '/dashboard': 'Dashboard',
  '/dashboard/settings': 'Settings',
  '/settings': 'Settings',
  '/campaigns': 'Campaigns',
  '/contacts': 'Contacts',
  '/events': 'Events',
  '/data-analytics': 'Data Analytics',
  '/api-docs': 'API Docs',
  '/compliance': 'FEC Compliance',
};

const DETAIL_TITLES: Record<string, string> = {
  campaigns: 'Campaign Details',
  contacts: 'Contact Details',
  events: 'Event Details',
};

function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The page's name, e.g. 'Login' or 'Contact Details'. */
export function pageName(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = EXACT_TITLES[path];
  if (exact) return exact;

  const segments = path.split('/').filter(Boolean);
  // /dashboard/<section>/... and the map's /<section>/<id>
  const [first, second, third] = segments[0] === 'dashboard' ? segments.slice(1) : segments;
  if (segments[0] === 'dashboard') {
    if (first === 'settings') return 'Settings';
    const section = DASHBOARD_SECTIONS.find((candidate) => candidate.id === first);
    if (!section) return 'Dashboard';
    if (second && DETAIL_TITLES[first] && !['new', 'create'].includes(second) && !third) return DETAIL_TITLES[first];
    return section.label;
  }
  if (first && second && DETAIL_TITLES[first]) return DETAIL_TITLES[first];
  return titleCase(segments[segments.length - 1] ?? '') || 'Home';
}

/** The document title, e.g. 'Caucus — Login'. */
export function documentTitle(pathname: string): string {
  return `${APP_NAME} — ${pageName(pathname)}`;
}
