import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SectionSkeleton } from '../federation/SectionSkeleton';
import type { RemoteName } from '../federation/remotes';
import { RequireSession } from '../auth/RequireSession';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { DashboardIndex } from '../dashboard/DashboardIndex';
import { DASHBOARD_SECTIONS } from '../dashboard/sections';
import { RootLayout } from './RootLayout';

/**
 * A page whose module loads when it is first shown. The routes are declarative (`useRoutes`): the
 * shared router module then needs no data router, 14 KB less on every page (ADR 0008).
 */
function onDemand<T>(load: () => Promise<T>, pick: (module: T) => ComponentType, fallback: ReactNode = null): ReactNode {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

// The section frame (its error state and Retry) loads with the first section opened, beside the
// remote's own code: the dashboard's home does not carry it (ADR 0014).
const RemoteSection = lazy(() => import('../federation/RemoteSection').then((module) => ({ default: module.RemoteSection })));

function section(remote: RemoteName): ReactNode {
  return (
    <Suspense key={remote} fallback={<SectionSkeleton />}>
      <RemoteSection remote={remote} />
    </Suspense>
  );
}

function sectionRoutes(): RouteObject[] {
  return DASHBOARD_SECTIONS.flatMap(({ id, remote }) =>
    // `/*`: the remote owns everything below its section, e.g. /dashboard/contacts/123/edit.
    remote ? [{ path: `${id}/*`, element: section(remote) }] : [],
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Loaded on demand: a signed-in user opening /dashboard never downloads the auth forms
      // nor the validation library they use. They render nothing for the moment their module loads.
      {
        path: '/login',
        element: onDemand(
          () => import('../auth/LoginPage'),
          (module) => module.LoginPage,
        ),
      },
      {
        path: '/forgot-password',
        element: onDemand(
          () => import('../auth/ForgotPasswordPage'),
          (module) => module.ForgotPasswordPage,
        ),
      },
      {
        path: '/reset-password',
        element: onDemand(
          () => import('../auth/ResetPasswordPage'),
          (module) => module.ResetPasswordPage,
        ),
      },
      // The two links of an email change (Settings > Account): to the new address, and to the old.
      {
        path: '/confirm-email',
        element: onDemand(
          () => import('../auth/EmailChangePages'),
          (module) => module.ConfirmEmailPage,
        ),
      },
      {
        path: '/undo-email-change',
        element: onDemand(
          () => import('../auth/EmailChangePages'),
          (module) => module.UndoEmailChangePage,
        ),
      },
      // The link of a team invitation (Settings > Team).
      {
        path: '/invitation',
        element: onDemand(
          () => import('../auth/InvitationPage'),
          (module) => module.InvitationPage,
        ),
      },
      {
        path: '/dashboard',
        element: <RequireSession />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardIndex /> },
              ...sectionRoutes(),
              // Loaded on demand, like the auth forms: the dashboard's first paint carries no form.
              {
                path: 'settings/*',
                element: onDemand(
                  () => import('./SettingsRoutes'),
                  (module) => module.SettingsRoutes,
                  <SectionSkeleton />,
                ),
              },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
      // The public site and the signup funnel: /, /pricing, /signup, /contact, ...
      { path: '*', element: section('mfe_marketing') },
    ],
  },
];
