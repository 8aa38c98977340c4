import { Navigate, type RouteObject } from 'react-router-dom';
import { RemoteSection } from '../federation/RemoteSection';
import { RequireSession } from '../auth/RequireSession';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { DashboardIndex } from '../dashboard/DashboardIndex';
import { UnderDevelopment } from '../dashboard/UnderDevelopment';
import { settingsRoutes } from '../settings/settingsRoutes';
import { DASHBOARD_SECTIONS } from '../dashboard/sections';
import { RootLayout } from './RootLayout';

function sectionRoutes(): RouteObject[] {
  return DASHBOARD_SECTIONS.filter((section) => section.id !== 'dashboard').map((section) => ({
    // `/*`: the remote owns everything below its section, e.g. /dashboard/contacts/123/edit.
    path: `${section.id}/*`,
    element: section.remote ? (
      <RemoteSection key={section.remote} remote={section.remote} />
    ) : (
      <UnderDevelopment key={section.id} section={section} />
    ),
  }));
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A lazy first route (e.g. /login) renders nothing for the moment its module loads.
    HydrateFallback: () => null,
    children: [
      // Loaded on demand: a signed-in user opening /dashboard never downloads the auth forms
      // nor the validation library they use.
      { path: '/login', lazy: async () => ({ Component: (await import('../auth/LoginPage')).LoginPage }) },
      {
        path: '/forgot-password',
        lazy: async () => ({ Component: (await import('../auth/ForgotPasswordPage')).ForgotPasswordPage }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({ Component: (await import('../auth/ResetPasswordPage')).ResetPasswordPage }),
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
              settingsRoutes,
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
      // The public site and the signup funnel: /, /pricing, /signup, /contact, ...
      { path: '*', element: <RemoteSection remote="mfe_marketing" /> },
    ],
  },
];
