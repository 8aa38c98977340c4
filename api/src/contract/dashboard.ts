import { z } from 'zod';
import type { CaucusEvent } from './events';
import { queryInt } from './common';

const campaignIdParam = z.string({ error: 'Campaign must be text' }).max(36, 'Campaign is invalid').optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

/** Query of GET /api/dashboard/overview: without campaignId, the whole account. */
export const dashboardOverviewQuerySchema = z.object({ campaignId: campaignIdParam });

/** Query of GET /api/dashboard/events/upcoming. */
export const upcomingEventsQuerySchema = z.object({
  campaignId: campaignIdParam,
  limit: queryInt('limit', 1, 100, 10),
});

export type DashboardOverviewQuery = z.input<typeof dashboardOverviewQuerySchema>;
export type UpcomingEventsQuery = z.input<typeof upcomingEventsQuerySchema>;

/** data of GET /api/dashboard/overview (SPEC point 3). Money in dollars; percentages to one decimal. */
export type DashboardOverview = {
  campaigns: {
    totalCampaigns: number;
    activeCampaigns: number;
    totalRaised: number;
    totalGoal: number;
    /** Mean of each campaign's progress toward its goal (capped at 100), campaigns with a goal only. */
    averageProgress: number;
  };
  contacts: {
    totalContacts: number;
    activeContacts: number;
    totalDonated: number;
  };
  summary: {
    totalCampaigns: number;
    totalContacts: number;
    totalRaised: number;
    /** totalRaised / totalGoal in percent (not capped: a campaign may raise more than its goal). */
    goalProgress: number;
  };
};

/** data of GET /api/dashboard/events/upcoming */
export type UpcomingEventsResponse = { events: CaucusEvent[] };

/** The getting-started checklist of a new account's home, in the order it is shown. */
export const GETTING_STARTED_STEPS = ['createCampaign', 'importDonorFile', 'addContact', 'buildList', 'twoFactor'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** data of GET /api/dashboard/getting-started: each step done or not, read from what the account holds. */
export type GettingStarted = {
  /**
   * True until the account has a campaign, a contact and a list: the home then greets with 'Welcome'
   * and shows the checklist; afterwards with 'Welcome back' and without it.
   */
  isNewAccount: boolean;
  steps: { id: GettingStartedStep; done: boolean }[];
};
