// What every plan card shows beside the plan's own figures: used by PlanCard (React) and by the
// pricing island that draws the same cards on the prerendered page (ADR 0014).

// Spec point 9: every plan has unlimited contacts and the listed features.
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
