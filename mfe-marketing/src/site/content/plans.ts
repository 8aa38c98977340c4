// What every plan card shows beside the plan's own figures: used by PlanCard (React) and by the
// pricing island that draws the same cards on the prerendered page (ADR 0014).

// Every plan has unlimited contacts and every listed feature (docs/product/limits-and-defaults.md, Plans).
export const PLAN_FEATURES = [
  'Unlimited contacts',
  'Campaigns, pledges and donations',
  'Static and smart contact lists',
  'Events and rally management',
  'CSV, XLS and XLSX import',
  'FEC compliance reporting',
];

export const planUsers = (users: number): string => `${users} ${users === 1 ? 'user' : 'users'}`;

export const planSignupHref = (planId: string): string => `/signup?plan=${encodeURIComponent(planId)}`;
