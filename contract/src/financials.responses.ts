// What the pledge and donation routes answer, as zod schemas: the source of the response types in
// financials.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends import their
// types only (common.responses.ts).
import { z } from 'zod';
import { calendarDate, idName, instant, nullableText, text } from './common.responses';
import { DONATION_STATUS_VALUES, PLEDGE_STATUS_VALUES } from './financials';

export const pledgeSchema = z
  .object({
    id: text,
    contactId: text,
    pledgeAmount: z.number(),
    frequency: text,
    pledgeDate: calendarDate,
    dueDate: calendarDate,
    campaignId: nullableText,
    campaign: idName.nullable(),
    notes: nullableText,
    paymentMethod: nullableText,
    isAnonymous: z.boolean(),
    solicitorId: nullableText,
    status: z.enum(PLEDGE_STATUS_VALUES),
    amountFulfilled: z.number(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Pledge' });

export const donationSchema = z
  .object({
    id: text,
    contactId: nullableText,
    donationAmount: z.number(),
    paymentMethod: text,
    status: z.enum(DONATION_STATUS_VALUES),
    donationDate: calendarDate,
    processedDate: calendarDate,
    campaignId: nullableText,
    campaign: idName.nullable(),
    pledgeId: nullableText,
    pledge: z.object({ id: text, pledgeAmount: z.number(), amountFulfilled: z.number(), status: z.enum(PLEDGE_STATUS_VALUES) }).nullable(),
    checkNumber: nullableText,
    transactionId: nullableText,
    referenceNumber: nullableText,
    notes: nullableText,
    isAnonymous: z.boolean(),
    isRecurring: z.boolean(),
    solicitorId: nullableText,
    taxDeductibleAmount: z.number().nullable(),
    netAmount: z.number().nullable(),
    inKindDescription: nullableText,
    fairMarketValue: z.number().nullable(),
    electionCode: nullableText.meta({ description: "The election the gift is designated to, null when its campaign's committee has none" }),
    excessAmount: z.number().nullable().meta({ description: "What takes the contributor past the election's limit; null when within it" }),
    remedyDeadline: calendarDate.meta({
      description: 'Calendar date YYYY-MM-DD by when the excess must be refunded, redesignated or reattributed (60 days after receipt)',
    }),
    remedyAction: z
      .enum(['refund', 'redesignate', 'reattribute'])
      .nullable()
      .meta({ description: 'Set on the row a remedy made from the excess of another gift' }),
    remedyOfId: nullableText,
    needsReview: z.boolean().meta({ description: 'Entered by a Staff user and not yet reviewed by a treasurer' }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Donation' });

export const financialSummarySchema = z.object({
  pledges: z.object({ total: z.number(), totalAmount: z.number(), totalFulfilled: z.number() }),
  donations: z.object({
    completed: z.number(),
    totalAmount: z.number(),
    averageAmount: z.number(),
    lastDonationDate: calendarDate,
    lastDonationAmount: z.number().nullable(),
    largestDonationAmount: z.number().nullable(),
    largestDonationDate: calendarDate.meta({ description: 'Calendar date YYYY-MM-DD of the largest gift (the earliest, when several share the amount)' }),
    thisYear: z.object({
      year: z.number().int().meta({ description: "Current calendar year in the account's timezone" }),
      completed: z.number(),
      totalAmount: z.number(),
    }),
  }),
});
export const pledgesResponseSchema = z.object({ pledges: z.array(pledgeSchema) });
export const pledgeResponseSchema = z.object({ pledge: pledgeSchema });
export const donationsResponseSchema = z.object({ donations: z.array(donationSchema) });
export const donationResponseSchema = z.object({ donation: donationSchema });
