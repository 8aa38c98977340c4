export type SettingsSectionId = 'account' | 'organization' | 'security' | 'payment' | 'notifications' | 'team' | 'audit';

/** `permission`: what the role needs to see the section (the API's permission table). */
export type SettingsSection = { id: SettingsSectionId; title: string; description: string; path: string; permission?: string };

// Order of the overview (docs/product/screens.md, Settings).
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'account',
    title: 'Account',
    description: 'Your name, email, phone, timezone, language, date format and notification toggles.',
    path: '/dashboard/settings/account',
  },
  {
    id: 'organization',
    title: 'Organization',
    description: 'Organization name, type, website, address, tax id, colors, logo and favicon.',
    path: '/dashboard/settings/organization',
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Password change, two-factor authentication, active sessions and login alerts.',
    path: '/dashboard/settings/security',
  },
  {
    id: 'payment',
    title: 'Payment',
    description: 'Payment methods, billing details, subscription and invoices.',
    path: '/dashboard/settings/payment',
    permission: 'billing.read',
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'Email and push notifications for campaigns, donations, events and reports.',
    path: '/dashboard/settings/notifications',
  },
  {
    id: 'team',
    title: 'Team',
    description: 'Users and their roles, two-factor status and last sign-in; invitations.',
    path: '/dashboard/settings/team',
    permission: 'team.read',
  },
  {
    id: 'audit',
    title: 'Audit',
    description: 'Who changed what and when, with filters and a CSV download.',
    path: '/dashboard/settings/audit',
    permission: 'audit.read',
  },
];

export const SETTINGS_PATH = '/dashboard/settings';
export const BACK_TO_SETTINGS = 'Back to Settings';
