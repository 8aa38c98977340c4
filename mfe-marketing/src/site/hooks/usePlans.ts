import { useQuery } from '@tanstack/react-query';
import { fetchPlans, plansKeys } from '../api/plansApi';

export function usePlans() {
  return useQuery({
    queryKey: plansKeys.all,
    queryFn: ({ signal }) => fetchPlans(signal),
    // Prices change rarely; one fetch per visit is enough.
    staleTime: 10 * 60_000,
  });
}
