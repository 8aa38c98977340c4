import type { Knex } from 'knex';
import { engineOf } from '../../db';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { ContactRow } from '../../db/rows';
import { toIsoDate, type DbDateTime } from '../../db/values';
import { scoped } from '../../http/tenancy';
import { ALL_CAMPAIGNS, DAY_TOTALS, DONOR_YEARS } from './rollups';

// The queries every figure and report starts from: the account's donations, day roll-ups and donor
// years narrowed to a scope (docs: rollups.ts). Money of the roll-ups is in integer cents; money of
// the donations comes back as DECIMAL (MariaDB) or a number (SQLite); counts may come back as text
// or bigint: the callers convert.

/** How a donor is named: the contact's names (absent when the contact is gone). */
export type DonorNameFields = Partial<Pick<ContactRow, 'firstName' | 'lastName' | 'organization'>>;

/** Calendar days, both ends included, and an optional campaign. Dates are 'YYYY-MM-DD' text. */
export type DonationScope = { from?: string; to?: string; campaignId?: string };

export const yearOf = (date: string) => Number(date.slice(0, 4));
export const dayText = (value: unknown) => toIsoDate(value as DbDateTime) ?? '';

export type ScopeQueries = ReturnType<typeof createScopeQueries>;

export function createScopeQueries(knex: Knex) {
  /** Completed donations of the account in the scope: what "raised" means everywhere in the product. */
  function received(accountId: string, scope: DonationScope, status: string | null = 'completed'): Knex.QueryBuilder {
    const query = scoped(knex, 'donations', accountId);
    if (status) query.where('donations.status', status);
    if (scope.campaignId) query.where('donations.campaignId', scope.campaignId);
    if (scope.from) query.where('donations.donationDate', '>=', scope.from);
    if (scope.to) query.where('donations.donationDate', '<=', scope.to);
    return query;
  }

  /** Day roll-up rows of the scope; `status` null for every status. */
  function days(accountId: string, scope: DonationScope, status: string | null = COUNTED_DONATION_STATUS): Knex.QueryBuilder {
    const query = scoped(knex, DAY_TOTALS, accountId);
    if (status) query.where(`${DAY_TOTALS}.status`, status);
    if (scope.campaignId) query.where(`${DAY_TOTALS}.campaignKey`, scope.campaignId);
    if (scope.from) query.where(`${DAY_TOTALS}.donationDate`, '>=', scope.from);
    if (scope.to) query.where(`${DAY_TOTALS}.donationDate`, '<=', scope.to);
    return query;
  }

  /** donor_years rows of the scope (a campaign, or every campaign) and one year (0: every year). */
  const donorYears = (accountId: string, campaignId: string | undefined, year: number) =>
    scoped(knex, DONOR_YEARS, accountId)
      .where(`${DONOR_YEARS}.scope`, campaignId ?? ALL_CAMPAIGNS)
      .where(`${DONOR_YEARS}.year`, year);

  return {
    knex,
    received,
    days,
    donorYears,

    /** The month (YYYY-MM) of a date column. */
    monthOf: (column: string) => (engineOf(knex) === 'mysql' ? knex.raw("date_format(??, '%Y-%m')", [column]) : knex.raw('substr(??, 1, 7)', [column])),

    sumAs: (column: string, alias: string) => knex.raw('coalesce(sum(??), 0) as ??', [column, alias]),

    /** Sum of DECIMAL amounts in whole cents (SQLite keeps DECIMAL as a float: each is rounded first). */
    centsSum: (column: string, alias: string) =>
      engineOf(knex) === 'mysql'
        ? knex.raw('coalesce(sum(round(?? * 100)), 0) as ??', [column, alias])
        : knex.raw('coalesce(sum(cast(round(?? * 100) as integer)), 0) as ??', [column, alias]),

    /** Last year's donor_years rows of donors with no gift from Jan 1 of `year` to `thisYearEnd`. */
    lapsed: (accountId: string, campaignId: string | undefined, year: number, thisYearEnd: string) =>
      donorYears(accountId, campaignId, year - 1).where((q) => q.whereNull(`${DONOR_YEARS}.nextDate`).orWhere(`${DONOR_YEARS}.nextDate`, '>', thisYearEnd)),

    /** The names of these contacts (a chart's or list's donors), by id. */
    async contactNames(accountId: string, ids: string[]): Promise<Map<string, Pick<ContactRow, 'id' | 'firstName' | 'lastName' | 'organization'>>> {
      const names: Pick<ContactRow, 'id' | 'firstName' | 'lastName' | 'organization'>[] = await scoped(knex, 'contacts', accountId)
        .whereIn('contacts.id', ids)
        .select('contacts.id', 'contacts.firstName', 'contacts.lastName', 'contacts.organization');
      return new Map(names.map((n) => [n.id, n]));
    },
  };
}
