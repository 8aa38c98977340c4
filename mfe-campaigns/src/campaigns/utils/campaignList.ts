import { progressPercent } from '@caucus/platform';

export const STATUS_FILTERS = ['all', 'active', 'draft', 'paused', 'completed', 'archived'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name', label: 'Name A-Z' },
  { value: 'progress', label: 'Progress' },
] as const;
export type CampaignSort = (typeof SORT_OPTIONS)[number]['value'];

type ListedCampaign = {
  name: string;
  slug?: string | null;
  description?: string | null;
  status: string;
  createdAt?: string | null;
  amountRaised?: number | string | null;
  fundraisingGoal?: number | string | null;
};

export type CampaignListOptions = { search: string; status: StatusFilter; sort: CampaignSort };

function createdTime(campaign: ListedCampaign): number {
  const time = campaign.createdAt ? new Date(campaign.createdAt).getTime() : Number.NaN;
  return Number.isNaN(time) ? 0 : time;
}

/** Search (name, slug, description), status filter and sort of the Campaign Management grid. */
export function filterAndSortCampaigns<T extends ListedCampaign>(campaigns: T[], { search, status, sort }: CampaignListOptions): T[] {
  const needle = search.trim().toLowerCase();
  const kept = campaigns.filter((campaign) => {
    if (status !== 'all' && campaign.status !== status) return false;
    if (!needle) return true;
    return [campaign.name, campaign.slug, campaign.description].some((text) => text?.toLowerCase().includes(needle));
  });
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  switch (sort) {
    case 'oldest':
      return kept.sort((a, b) => createdTime(a) - createdTime(b) || byName(a, b));
    case 'name':
      return kept.sort(byName);
    case 'progress':
      return kept.sort((a, b) => progressPercent(b.amountRaised, b.fundraisingGoal) - progressPercent(a.amountRaised, a.fundraisingGoal) || byName(a, b));
    case 'newest':
    default:
      return kept.sort((a, b) => createdTime(b) - createdTime(a) || byName(a, b));
  }
}
