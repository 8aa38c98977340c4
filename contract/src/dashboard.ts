import { z } from 'zod';
import type { dashboardOverviewSchema, gettingStartedSchema } from './dashboard.responses';
import type { eventsResponseSchema } from './events.responses';
import { queryInt } from './common';

const campaignIdParam = z
  .string({ error: 'Campaign must be text' })
  .max(36, 'Campaign is invalid')
  .optional()
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

/** data of GET /api/dashboard/overview (docs/product/data.md). Money in dollars; percentages to one decimal. */
export type DashboardOverview = z.output<typeof dashboardOverviewSchema>;

/** data of GET /api/dashboard/events/upcoming */
export type UpcomingEventsResponse = z.output<typeof eventsResponseSchema>;

/** The getting-started checklist of a new account's home, in the order it is shown. */
export const GETTING_STARTED_STEPS = ['createCampaign', 'importDonorFile', 'addContact', 'buildList', 'twoFactor'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** data of GET /api/dashboard/getting-started: each step done or not, read from what the account holds. */
export type GettingStarted = z.output<typeof gettingStartedSchema>;
