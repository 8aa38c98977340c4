// Response schemas of the committees and compliance routes (issue 14), for the OpenAPI document, kept
// apart from responses.ts like it is: not re-exported from index.ts, so browser bundles leave it out.
// The assertions at the bottom fail the typecheck the moment a schema and its type drift apart.
import { z } from 'zod';
import { FILING_FORM_VALUES } from './committees';
import type { Committee } from './committees';
import { CONTRIBUTOR_TYPE_VALUES, REMEDY_ACTION_VALUES } from './compliance';
import type {
  ContributorTypeResponse,
  ExcessiveResponse,
  FortyEightHourNoticesResponse,
  LimitSettingsResponse,
  LimitsResponse,
  RemedyResponse,
  ScheduleAResponse,
} from './compliance';

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
    z.object({ electionCode: text, electionDate: calendarDate, aggregate: z.number(), limit: z.number(), remaining: z.number() }),
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
      aggregate: z.number(),
      limit: z.number(),
      excessAmount: z.number(),
      deadline: calendarDate,
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
      dueDate: calendarDate,
      dueAt: instant,
      filedOn: calendarDate.nullable(),
    }),
  ),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Is<T extends true> = T;

export type ComplianceSchemasMatchTheirTypes = [
  Is<Same<z.output<typeof committeeSchema>, Committee>>,
  Is<Same<z.output<typeof limitSettingsResponseSchema>, LimitSettingsResponse>>,
  Is<Same<z.output<typeof contributorTypeResponseSchema>, ContributorTypeResponse>>,
  Is<Same<z.output<typeof limitsResponseSchema>, LimitsResponse>>,
  Is<Same<z.output<typeof excessiveResponseSchema>, ExcessiveResponse>>,
  Is<Same<z.output<typeof remedyResponseSchema>, RemedyResponse>>,
  Is<Same<z.output<typeof scheduleAResponseSchema>, ScheduleAResponse>>,
  Is<Same<z.output<typeof fortyEightHourNoticesResponseSchema>, FortyEightHourNoticesResponse>>,
];
