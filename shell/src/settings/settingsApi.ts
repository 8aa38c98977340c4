import { api, useQuery } from '@caucus/design-system/session';
import type {
  AccountSettingsView,
  ActiveSessionsResponse,
  BillingOverview,
  NotificationPreferences,
  OrganizationSettings,
  TwoFactorStatus,
  Workspace,
} from '@caucus/api/contract';

// Settings live on the server (/api/settings); every page reads through TanStack Query so a save
// elsewhere (the frame's organization name, the read-only banner) follows without a reload.
export const settingsKeys = {
  all: ['settings'] as const,
  workspace: ['settings', 'workspace'] as const,
  account: ['settings', 'account'] as const,
  organization: ['settings', 'organization'] as const,
  sessions: ['settings', 'sessions'] as const,
  notifications: ['settings', 'notifications'] as const,
  billing: ['settings', 'billing'] as const,
  twoFactor: ['settings', 'two-factor'] as const,
};

/** The frame's read: organization name and logo, timezone and date format, read-only state. */
export function useWorkspace(enabled = true) {
  return useQuery({
    queryKey: settingsKeys.workspace,
    queryFn: ({ signal }) => api.get<Workspace>('/settings/workspace', { signal }),
    enabled,
    // A failed read leaves the frame as the session shows it; it is no reason to retry in a loop.
    retry: false,
  });
}

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
