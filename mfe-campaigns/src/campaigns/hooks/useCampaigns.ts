import { useQuery } from '@tanstack/react-query';
import { campaignsKeys, fetchCampaigns } from '../api/campaignsApi';

export function useCampaigns() {
  return useQuery({
    queryKey: campaignsKeys.list(),
    queryFn: ({ signal }) => fetchCampaigns(signal),
  });
}
