import { Navigate, type RouteObject } from 'react-router-dom';
import { SettingsOverview } from './SettingsOverview';
import { AccountSettings } from './AccountSettings';
import { OrganizationSettings } from './OrganizationSettings';
import { SecuritySettings } from './SecuritySettings';
import { PaymentSettings } from './PaymentSettings';
import { NotificationSettings } from './NotificationSettings';
import { SETTINGS_PATH } from './sections';
import { TeamSettings } from './team/TeamSettings';
import { AuditSettings } from './team/AuditSettings';

/** /dashboard/settings and its sections, mounted under the dashboard frame. */
export const settingsRoutes: RouteObject = {
  path: 'settings',
  children: [
    { index: true, element: <SettingsOverview /> },
    { path: 'account', element: <AccountSettings /> },
    { path: 'organization', element: <OrganizationSettings /> },
    { path: 'security', element: <SecuritySettings /> },
    { path: 'payment', element: <PaymentSettings /> },
    { path: 'notifications', element: <NotificationSettings /> },
    { path: 'team', element: <TeamSettings /> },
    { path: 'audit', element: <AuditSettings /> },
    { path: '*', element: <Navigate to={SETTINGS_PATH} replace /> },
  ],
};
