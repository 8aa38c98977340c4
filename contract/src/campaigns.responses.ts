// What the campaign routes answer, as zod schemas: the source of the response types in campaigns.ts
// and of the OpenAPI document. Not re-exported from index.ts; the frontends import their types only
// (common.responses.ts).
import { z } from 'zod';
import { CAMPAIGN_STATUS_VALUES, CAMPAIGN_TOTALS_INTERVALS } from './campaigns';
import { calendarDate, idName, instant, nullableText, text } from './common.responses';

export const campaignSchema = z
  .object({
    id: text,
    name: text,
    slug: text,
    description: nullableText,
    campaignType: text,
    status: z.enum(CAMPAIGN_STATUS_VALUES),
    committeeId: nullableText,
    donationAccountId: nullableText,
    committee: idName.nullable(),
    donationAccount: idName.nullable(),
    fundraisingGoal: z.number(),
    contactGoal: z.number(),
    volunteerGoal: z.number(),
    startDate: calendarDate,
    endDate: calendarDate,
    allowPublicDonations: z.boolean(),
    donationMinimum: z.number(),
    donationMaximum: z.number(),
    suggestedAmounts: z.array(z.number()),
    amountRaised: z.number(),
    donationCount: z.number(),
    contactsReached: z.number(),
    volunteersRecruited: z.number(),
    isActive: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Campaign' });

export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) });
export const campaignDetailResponseSchema = z.object({ campaign: campaignSchema });
export const committeesResponseSchema = z.object({ committees: z.array(z.object({ id: text, name: text, committeeType: text })) });
export const donationAccountsResponseSchema = z.object({
  donationAccounts: z.array(z.object({ id: text, name: text, accountType: text })),
});

// A campaign's own page.

export const campaignTotalsResponseSchema = z.object({
  interval: z.enum(CAMPAIGN_TOTALS_INTERVALS),
  points: z.array(
    z.object({
      periodStart: text.meta({ description: 'Calendar date YYYY-MM-DD: the 1st of the month or the Monday of the week' }),
      raised: z.number(),
      donationCount: z.number(),
      cumulativeRaised: z.number(),
    }),
  ),
  totalRaised: z.number(),
  donationCount: z.number(),
});

export const campaignDonorsResponseSchema = z.object({
  donors: z.array(
    z.object({
      contactId: text,
      firstName: text,
      lastName: text,
      email: nullableText,
      totalGiven: z.number(),
      donationCount: z.number(),
      lastDonationDate: calendarDate,
    }),
  ),
  total: z.number(),
});

export const campaignDonationsResponseSchema = z.object({
  donations: z.array(
    z.object({
      id: text,
      contact: z.object({ id: text, firstName: text, lastName: text }).nullable(),
      donationAmount: z.number(),
      donationDate: calendarDate,
      paymentMethod: text,
      status: text,
      isAnonymous: z.boolean(),
    }),
  ),
  total: z.number(),
});
