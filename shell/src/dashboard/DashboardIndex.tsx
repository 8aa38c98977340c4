import { Navigate, useSearchParams } from 'react-router-dom';
import { DashboardHome } from './DashboardHome';
import { findSection } from './sections';

// The first links into the dashboard keep working by landing on the real URLs (docs/product/screens.md,
// The dashboard).
const DEEP_LINK_PARAMS = ['section', 'contact', 'view'];

/**
 * /dashboard?section=contacts&contact={id}&view=detail -> /dashboard/contacts/{id}
 * /dashboard?contact={id}                              -> /dashboard/contacts/{id}
 * /dashboard?section=campaigns                         -> /dashboard/campaigns
 */
export function deepLinkTarget(params: URLSearchParams): string | null {
  const sectionParam = params.get('section');
  const contact = params.get('contact');
  if (!sectionParam && !contact) return null;

  const rest = new URLSearchParams(params);
  for (const name of DEEP_LINK_PARAMS) rest.delete(name);
  const query = rest.toString() ? `?${rest.toString()}` : '';

  if (contact && (!sectionParam || sectionParam === 'contacts')) {
    return `/dashboard/contacts/${encodeURIComponent(contact)}${query}`;
  }
  if (sectionParam === 'settings') return `/dashboard/settings${query}`;
  const section = findSection(sectionParam);
  if (!section || section.id === 'dashboard') return `/dashboard${query}`;
  return `${section.path}${query}`;
}

export function DashboardIndex() {
  const [params] = useSearchParams();
  const target = deepLinkTarget(params);
  if (target) return <Navigate to={target} replace />;
  return <DashboardHome />;
}
