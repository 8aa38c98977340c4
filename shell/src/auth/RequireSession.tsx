import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '@caucus/design-system/session';

/** The dashboard needs a locally stored signed-in user (SPEC.md point 2), else /login. */
export function RequireSession() {
  const { session } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}
