// What the dashboard routes answer, as zod schemas: the source of the response types in dashboard.ts
// and of the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';
import { GETTING_STARTED_STEPS } from './dashboard';

export const dashboardOverviewSchema = z.object({
  campaigns: z.object({
    totalCampaigns: z.number(),
    activeCampaigns: z.number(),
    totalRaised: z.number(),
    totalGoal: z.number(),
    averageProgress: z.number().meta({ description: "Mean of each campaign's progress toward its goal (capped at 100), campaigns with a goal only" }),
  }),
  contacts: z.object({ totalContacts: z.number(), activeContacts: z.number(), totalDonated: z.number() }),
  summary: z.object({
    totalCampaigns: z.number(),
    totalContacts: z.number(),
    totalRaised: z.number(),
    goalProgress: z.number().meta({ description: 'totalRaised / totalGoal in percent (not capped: a campaign may raise more than its goal)' }),
  }),
});

export const gettingStartedSchema = z.object({
  isNewAccount: z.boolean().meta({
    description:
      "True until the account has a campaign, a contact and a list: the home then greets with 'Welcome' and shows the checklist; afterwards with 'Welcome back' and without it",
  }),
  steps: z.array(z.object({ id: z.enum(GETTING_STARTED_STEPS), done: z.boolean() })),
});
