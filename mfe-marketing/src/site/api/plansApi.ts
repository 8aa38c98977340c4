import { api } from '@caucus/platform';

export type PlanId = 'starter' | 'growth' | 'team' | 'organization';

export type Plan = { id: PlanId | string; name: string; price: number; users: number; popular: boolean };

export type PlansResponse = { plans: Plan[] };

export const plansKeys = { all: ['billing', 'plans'] as const };

export function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.get<PlansResponse>('/billing/plans', { signal });
}
