import { api, useQuery } from '@caucus/platform';
import type { Workspace } from '@caucus/contract';

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
