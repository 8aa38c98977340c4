import { api, useQuery } from '@caucus/platform';
import type { MemberAccount, TeamInvitation, TeamResponse, TeamUser } from '@caucus/contract';

export const teamKeys = {
  team: ['team'] as const,
  accounts: ['accounts'] as const,
  audit: (query: Record<string, string | number>) => ['audit', query] as const,
};

export function useTeam() {
  return useQuery({ queryKey: teamKeys.team, queryFn: ({ signal }) => api.get<TeamResponse>('/team', { signal }) });
}

export const teamApi = {
  invite: (email: string, role: string) => api.post<TeamInvitation>('/team/invitations', { email, role }),
  resend: (id: string) => api.post<TeamInvitation>(`/team/invitations/${encodeURIComponent(id)}/resend`, {}),
  revoke: (id: string) => api.delete<{ revoked: true }>(`/team/invitations/${encodeURIComponent(id)}`),
  changeRole: (id: string, role: string) => api.put<TeamUser>(`/team/users/${encodeURIComponent(id)}`, { role }),
  remove: (id: string) => api.delete<{ removed: true }>(`/team/users/${encodeURIComponent(id)}`),
  accounts: async () => (await api.get<{ accounts: MemberAccount[] }>('/accounts')).accounts,
  switchTo: (id: string) => api.post<MemberAccount>(`/accounts/${encodeURIComponent(id)}/switch`, {}),
};
