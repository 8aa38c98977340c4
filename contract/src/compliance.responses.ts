// Response schemas of the committees and compliance routes: the source of their response types
// (inferred in committees.ts and compliance.ts) and of the OpenAPI document. Like every
// `*.responses.ts`, not re-exported from index.ts, so browser bundles leave the schemas out
// (common.responses.ts).
import { z } from 'zod';
import { FILING_FORM_VALUES } from './committees';
import { CONTRIBUTOR_TYPE_VALUES, REMEDY_ACTION_VALUES } from './compliance';

const text = z.string();
const nullableText = z.string().nullable();
const calendarDate = z.string().meta({ description: 'Calendar date YYYY-MM-DD' });
const instant = z.string().nullable().meta({ description: 'ISO 8601 instant (UTC)' });

export const committeeSchema = z
  .object({
    id: text,
    name: text,
    committeeType: text,
    fecId: nullableText,
    filingForm: z.enum(FILING_FORM_VALUES).nullable(),
    treasurerFirstName: nullableText,
    treasurerLastName: nullableText,
    street1: nullableText,
    street2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    elections: z.array(z.object({ code: text, date: calendarDate })),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Committee' });

export const committeeListResponseSchema = z.object({ committees: z.array(committeeSchema) });
export const committeeResponseSchema = z.object({ committee: committeeSchema });

const contributorType = z.enum(CONTRIBUTOR_TYPE_VALUES);

export const limitSettingsResponseSchema = z.object({
  limits: z.array(z.object({ cycle: z.number(), contributorType, amount: z.number(), source: z.enum(['default', 'account']) })),
});

export const contributorTypeResponseSchema = z.object({ contactId: text, contributorType });

export const limitsResponseSchema = z.object({
  contactId: text,
  committeeId: text,
  contributorType,
  elections: z.array(
    z.object({
      electionCode: text,
      electionDate: calendarDate,
      aggregate: z.number().meta({ description: 'Completed gifts of the contributor designated to the election' }),
      limit: z.number(),
      remaining: z.number().meta({ description: 'Never below 0: an excess shows in the excessive queue' }),
    }),
  ),
});

export const excessiveResponseSchema = z.object({
  contributions: z.array(
    z.object({
      donationId: text,
      contactId: text,
      contactName: text,
      electionCode: text,
      donationDate: calendarDate,
      donationAmount: z.number(),
      aggregate: z.number().meta({ description: "The contributor's aggregate for the election, this gift included" }),
      limit: z.number(),
      excessAmount: z.number(),
      deadline: calendarDate.meta({ description: 'Calendar date YYYY-MM-DD: 60 days after receipt' }),
    }),
  ),
});

export const remedyResponseSchema = z.object({
  remedy: z.object({
    action: z.enum(REMEDY_ACTION_VALUES),
    donationId: text,
    remedyDonationId: text,
    amount: z.number(),
    contactId: text,
    electionCode: text,
    refundDisbursementId: text
      .nullable()
      .meta({ description: "A refund's disbursement (line 20a on F3, 28a on F3X), recorded with it; null for the other remedies" }),
  }),
});

export const scheduleARowSchema = z
  .object({
    form_type: z.literal('SA11AI'),
    filer_committee_id_number: text,
    transaction_type_identifier: z.literal('INDIVIDUAL_RECEIPT'),
    transaction_id: text,
    back_reference_tran_id_number: nullableText,
    back_reference_sched_name: nullableText,
    entity_type: z.literal('IND'),
    contributor_last_name: text,
    contributor_first_name: text,
    contributor_middle_name: nullableText,
    contributor_prefix: nullableText,
    contributor_suffix: nullableText,
    contributor_street_1: text,
    contributor_street_2: nullableText,
    contributor_city: text,
    contributor_state: text,
    contributor_zip: text,
    election_code: nullableText,
    election_other_description: nullableText,
    contribution_date: calendarDate,
    contribution_amount: z.number(),
    contribution_aggregate: z.number(),
    aggregation_group: z.literal('GENERAL'),
    contribution_purpose_descrip: nullableText,
    contributor_employer: text,
    contributor_occupation: text,
    memo_code: z.boolean().nullable(),
    memo_text_description: nullableText,
    reattribution_redesignation_tag: z.enum(['REATTRIBUTED', 'REDESIGNATED']).nullable(),
  })
  .meta({ id: 'ScheduleARow', description: 'Field names of the FEC INDIVIDUAL_RECEIPT schema (fecfile-validate)' });

export const scheduleAResponseSchema = z.object({
  rows: z.array(scheduleARowSchema),
  warnings: z.array(z.object({ transaction_id: text, donationId: text, contactId: text, message: text })),
});

export const fortyEightHourNoticesResponseSchema = z.object({
  notices: z.array(
    z.object({
      donationId: text,
      contactId: text,
      contactName: text,
      amount: z.number(),
      donationDate: calendarDate,
      electionCode: text,
      electionDate: calendarDate,
      dueDate: calendarDate.meta({ description: 'Calendar date YYYY-MM-DD: 48 hours after receipt, the day the notice is due' }),
      dueAt: instant.meta({ description: "ISO 8601 instant (UTC) 48 hours after receipt, when the receipt's time is known" }),
      filedOn: calendarDate
        .nullable()
        .meta({ description: 'The day (YYYY-MM-DD) the treasurer marked the notice filed with the FEC, or null while it is not' }),
    }),
  ),
});
