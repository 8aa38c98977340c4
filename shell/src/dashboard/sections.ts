import type { RemoteName } from '../federation/remotes';

export type DashboardSectionId = 'dashboard' | 'events' | 'lists' | 'data' | 'contacts' | 'communication' | 'calls-meetings' | 'campaigns' | 'financials';

export type DashboardSection = {
  id: DashboardSectionId;
  label: string;
  path: string;
  description: string;
  /** The remote that renders it; absent for the home, which the shell renders itself. */
  remote?: RemoteName;
  /** What the role needs to see it (the API's permission table); absent: every member. */
  permission?: string;
};

// Order of the left navigation (docs/product/screens.md, The dashboard).
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/dashboard', description: 'Overview of your organization' },
  {
    id: 'events',
    label: 'Events',
    permission: 'events.read',
    path: '/dashboard/events',
    description: 'Plan rallies, fundraisers and meetings',
    remote: 'mfe_events',
  },
  {
    id: 'lists',
    label: 'Lists',
    permission: 'lists.read',
    path: '/dashboard/lists',
    description: 'Static and smart contact lists',
    remote: 'mfe_lists',
  },
  {
    id: 'data',
    label: 'Data',
    permission: 'imports.read',
    path: '/dashboard/data',
    description: 'Import files, history, analytics and reports',
    remote: 'mfe_data',
  },
  {
    id: 'contacts',
    label: 'Contacts',
    permission: 'contacts.read',
    path: '/dashboard/contacts',
    description: 'Donors, supporters, pledges and donations',
    remote: 'mfe_contacts',
  },
  {
    id: 'communication',
    label: 'Communication',
    permission: 'communication.read',
    path: '/dashboard/communication',
    description: 'Thank donors, write templates and email your lists',
    remote: 'mfe_communication',
  },
  {
    id: 'calls-meetings',
    label: 'Calls & Meetings',
    permission: 'calls.read',
    path: '/dashboard/calls-meetings',
    description: 'Call time, pledges to chase and meetings with donors',
    remote: 'mfe_calls',
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    permission: 'campaigns.read',
    path: '/dashboard/campaigns',
    description: 'Fundraising goals, progress and settings',
    remote: 'mfe_campaigns',
  },
  {
    id: 'financials',
    label: 'Financials',
    permission: 'money.read',
    path: '/dashboard/financials',
    description: 'Disbursements, cash on hand and FEC reports',
    remote: 'mfe_financials',
  },
];

export function findSection(id: string | null | undefined): DashboardSection | undefined {
  return DASHBOARD_SECTIONS.find((section) => section.id === id);
}
