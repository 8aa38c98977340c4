import { api, useQuery } from '@caucus/platform';
import { settingsKeys } from './workspaceApi';
import type {
  AccountSettingsView,
  ActiveSessionsResponse,
  BillingOverview,
  NotificationPreferences,
  OrganizationSettings,
  TwoFactorStatus,
} from '@caucus/contract';

// The keys and the frame's read are in workspaceApi.ts: the dashboard's frame loads that small
// module, not the settings pages' reads (ADR 0014).
export { settingsKeys, useWorkspace } from './workspaceApi';

export function useAccountSettings() {
  return useQuery({ queryKey: settingsKeys.account, queryFn: ({ signal }) => api.get<AccountSettingsView>('/settings/account', { signal }) });
}

export function useOrganizationSettings() {
  return useQuery({
    queryKey: settingsKeys.organization,
    queryFn: ({ signal }) => api.get<OrganizationSettings>('/settings/organization', { signal }),
  });
}

export function useActiveSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: async ({ signal }) => (await api.get<ActiveSessionsResponse>('/settings/sessions', { signal })).sessions,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) => api.get<NotificationPreferences>('/settings/notifications', { signal }),
  });
}

export function useBilling() {
  return useQuery({ queryKey: settingsKeys.billing, queryFn: ({ signal }) => api.get<BillingOverview>('/settings/billing', { signal }) });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: settingsKeys.twoFactor,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/settings/two-factor', { signal }),
  });
}
