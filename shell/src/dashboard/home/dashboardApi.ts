import { api, useQuery } from '@caucus/platform';
import type { Campaign, CampaignsResponse, CaucusEvent, DashboardOverview, EventsResponse, GettingStarted } from '@caucus/contract';

// The home page shows what the account has now: after a campaign is created in its section, coming
// back here must show it, so these queries refetch on every visit instead of waiting out staleTime.
const FRESH_ON_MOUNT = { staleTime: 0 } as const;

export const dashboardKeys = {
  overview: (campaignId: string | null) => ['dashboard', 'overview', campaignId ?? 'all'] as const,
  campaigns: ['dashboard', 'campaigns'] as const,
  events: ['dashboard', 'events'] as const,
  gettingStarted: ['dashboard', 'getting-started'] as const,
};

export function useDashboardOverview(campaignId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.overview(campaignId),
    queryFn: ({ signal }) => api.get<DashboardOverview>('/dashboard/overview', { query: { campaignId: campaignId ?? undefined }, signal }),
    ...FRESH_ON_MOUNT,
  });
}

export function useDashboardCampaigns() {
  return useQuery({
    queryKey: dashboardKeys.campaigns,
    queryFn: async ({ signal }): Promise<Campaign[]> => (await api.get<CampaignsResponse>('/campaigns', { signal })).campaigns,
    ...FRESH_ON_MOUNT,
  });
}

/**
 * Every event of the account: the calendar shows past and future events of the range in view, so
 * the upcoming-only endpoint is not enough. The campaign filter is applied on the page.
 */
export function useDashboardEvents() {
  return useQuery({
    queryKey: dashboardKeys.events,
    queryFn: async ({ signal }): Promise<CaucusEvent[]> => (await api.get<EventsResponse>('/events', { signal })).events,
    ...FRESH_ON_MOUNT,
  });
}

export function eventsOfCampaign(events: readonly CaucusEvent[], campaignId: string | null): CaucusEvent[] {
  return campaignId ? events.filter((event) => event.campaignId === campaignId) : [...events];
}

/** The new-account checklist: what the account has done so far, as the API counts it. */
export function useGettingStarted() {
  return useQuery({
    queryKey: dashboardKeys.gettingStarted,
    queryFn: ({ signal }) => api.get<GettingStarted>('/dashboard/getting-started', { signal }),
    ...FRESH_ON_MOUNT,
  });
}
