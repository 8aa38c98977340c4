export type Plan = {
  id: string;
  name: string;
  /** US dollars per month. */
  price: number;
  users: number;
  popular: boolean;
};

/** data of GET /api/billing/plans */
export type PlansResponse = { plans: Plan[] };
