import { z } from 'zod';
import type { committeeListResponseSchema, committeeResponseSchema, committeeSchema } from './compliance.responses';
import { isRealDateInRange, safeText } from './common';

// FEC committees (docs/product/compliance.md): the committees campaigns already reference get an FEC id, the form they
// file (F3 for House/Senate candidate committees, F3X for PACs and parties), the treasurer and
// address the report's cover record needs, and their elections. Only zod and types: bundled into browsers.

export const COMMITTEE_TYPE_VALUES = ['candidate', 'pac', 'super_pac', 'party', 'ballot_measure', 'nonprofit', 'other'] as const;
export const FILING_FORM_VALUES = ['F3', 'F3X'] as const;
/** P primary, G general, R runoff, S special, C convention, O other (the FEC's election codes). */
export const ELECTION_TYPE_VALUES = ['P', 'G', 'R', 'S', 'C', 'O'] as const;

export const FEC_ID_PATTERN = /^C\d{8}$/;
export const ELECTION_CODE_PATTERN = /^[PGRSCO]\d{4}$/;

export const COMMITTEE_NAME_REQUIRED = 'Committee name is required';
export const FEC_ID_MESSAGE = 'FEC committee ID must be C followed by 8 digits (e.g. C00123456)';
export const FILING_FORM_MESSAGE = 'Filing form must be F3 (House/Senate candidate committee) or F3X (PAC or party)';
export const ELECTION_CODE_MESSAGE = 'Election code must be P, G, R, S, C or O followed by a four-digit year (e.g. P2026)';
export const ELECTION_DATE_MESSAGE = 'Election date must be a real date YYYY-MM-DD between 1900 and 2100';
export const ELECTION_YEAR_MESSAGE = 'Election date must fall in the year of its code (P2026 -> a day in 2026)';
export const ELECTION_DUPLICATE_MESSAGE = 'Each election code may appear only once';
export const STATE_MESSAGE = 'State must be a two-letter code (e.g. VA)';
export const ZIP_MESSAGE = 'ZIP code must be 5 or 9 digits';

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

function optionalText(field: string, max: number) {
  return z.preprocess(
    (value) => (blank(value) ? null : trimmed(value)),
    safeText(z.string({ error: `${field} must be text` }).max(max, `${field} must be at most ${max} characters`), field).nullable(),
  );
}

function optionalPattern(pattern: RegExp, message: string, normalise: (text: string) => string = (text) => text) {
  return z.preprocess(
    (value) => (blank(value) ? null : typeof value === 'string' ? normalise(value.trim()) : value),
    z.string({ error: message }).regex(pattern, message).nullable(),
  );
}

export const electionInputSchema = z
  .object({
    code: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.string({ error: ELECTION_CODE_MESSAGE }).regex(ELECTION_CODE_PATTERN, ELECTION_CODE_MESSAGE),
    ),
    date: z.preprocess(trimmed, z.string({ error: ELECTION_DATE_MESSAGE }).refine(isRealDateInRange, ELECTION_DATE_MESSAGE)),
  })
  .refine((election) => election.date.slice(0, 4) === election.code.slice(1), { message: ELECTION_YEAR_MESSAGE, path: ['date'] });

/** Body of POST /api/committees and PUT /api/committees/:id (PUT replaces the elections too). */
export const committeeInputSchema = z.object({
  name: z.preprocess(
    (value) => (blank(value) ? undefined : trimmed(value)),
    safeText(z.string({ error: COMMITTEE_NAME_REQUIRED }).max(255, 'Committee name must be at most 255 characters'), 'Committee name'),
  ),
  committeeType: z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.enum(COMMITTEE_TYPE_VALUES, { error: `Committee type must be one of: ${COMMITTEE_TYPE_VALUES.join(', ')}` }).default('candidate'),
  ),
  fecId: optionalPattern(FEC_ID_PATTERN, FEC_ID_MESSAGE, (text) => text.toUpperCase()),
  filingForm: z.preprocess(
    (value) => (blank(value) ? null : typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(FILING_FORM_VALUES, { error: FILING_FORM_MESSAGE }).nullable(),
  ),
  treasurerFirstName: optionalText('Treasurer first name', 20),
  treasurerLastName: optionalText('Treasurer last name', 30),
  street1: optionalText('Street', 34),
  street2: optionalText('Street (line 2)', 34),
  city: optionalText('City', 30),
  state: optionalPattern(/^[A-Z]{2}$/, STATE_MESSAGE, (text) => text.toUpperCase()),
  zip: optionalPattern(/^(\d{5}|\d{9})$/, ZIP_MESSAGE, (text) => text.replace('-', '')),
  elections: z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : value),
      z.array(electionInputSchema, { error: 'Elections must be a list' }).max(20, 'At most 20 elections'),
    )
    .refine((list) => new Set(list.map((e) => e.code)).size === list.length, ELECTION_DUPLICATE_MESSAGE),
});

export type CommitteeInput = z.input<typeof committeeInputSchema>;
export type CommitteeValues = z.output<typeof committeeInputSchema>;
export type FilingForm = (typeof FILING_FORM_VALUES)[number];

/** A committee; its elections are sorted by date (each date 'YYYY-MM-DD'). */
export type Committee = z.output<typeof committeeSchema>;
export type CommitteeElection = Committee['elections'][number];

/** data of GET /api/committees */
export type CommitteeListResponse = z.output<typeof committeeListResponseSchema>;
/** data of GET/POST /api/committees and GET/PUT /api/committees/:id */
export type CommitteeResponse = z.output<typeof committeeResponseSchema>;

/**
 * The election a donation dated `donationDate` is designated to by default: the first election on or
 * after its day (so a gift on primary day is for the primary, the day after for the general), or
 * null when every election has passed.
 */
export function defaultElectionCode(elections: readonly CommitteeElection[], donationDate: string): string | null {
  const next = [...elections].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)).find((e) => e.date >= donationDate);
  return next ? next.code : null;
}
