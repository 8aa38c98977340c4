import { useQuery } from '@caucus/design-system/session';
import { fetchCampaignOptions, financialsKeys } from '../api/financialsApi';

export function useCampaignOptions() {
  const query = useQuery({ queryKey: financialsKeys.campaigns, queryFn: ({ signal }) => fetchCampaignOptions(signal) });
  return { options: (query.data ?? []).map((c) => ({ value: c.id, label: c.name })), isPending: query.isPending };
}
