import type { Knex } from 'knex';
import type {
  ContributorType,
  ContributorTypeResponse,
  ElectionLimit,
  ExcessiveResponse,
  FortyEightHourNoticesResponse,
  LimitSettingsResponse,
  LimitsResponse,
  RemedyResponse,
  RemedyValues,
  ScheduleAResponse,
} from '@caucus/contract';
import { FORTY_EIGHT_HOUR_THRESHOLD, type ContributionLimit } from '@caucus/contract';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import type { CommitteeRow, ContactRow, DonationRow, NoticeFilingRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { committeeElections } from '../committees/repository';
import { remedyExcess, type LedgerActor } from '../ledger';
import { accountLimitRows, electionDonations, contributorTypeOf, limitCents, recomputeExcessFor, type ExcessKey } from './designation';
import { centsOf, effectiveLimitTable, fromCents, limitCentsFor } from './limitEngine';
import type { ComplianceRepository } from './repository';
import { aggregationStart, buildScheduleA, scheduleACsv, scheduleAFecFile, type ScheduleACommittee } from './scheduleA';
import { addDays, daysBetween, todayIn } from '../../lib/calendarDays';

export const COMMITTEE_NOT_FOUND = 'Committee not found';
export const CONTACT_NOT_FOUND = 'Contact not found';
export { DONATION_NOT_FOUND, NO_EXCESS, NO_LATER_ELECTION, SAME_CONTACT, notLaterElection, noRoomMessage } from '../ledger';
export const NO_FEC_ID = "Set the committee's FEC ID and filing form (F3 or F3X) before exporting Schedule A";

const contactName = (row: { [K in 'firstName' | 'lastName' | 'organization']: ContactRow[K] | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || (row.organization ?? '');

export type ScheduleAFile = { contentType: string; filename: string; body: string };

export function createComplianceService(repo: ComplianceRepository, now: () => Date = () => new Date()) {
  async function committeeOr404(db: Knex | Knex.Transaction, accountId: string, committeeId: string): Promise<CommitteeRow> {
    assertIdOr404(committeeId, COMMITTEE_NOT_FOUND);
    const row = await repo.findCommittee(db, accountId, committeeId);
    if (!row) throw new NotFound(COMMITTEE_NOT_FOUND);
    return row;
  }

  async function limitTable(accountId: string): Promise<LimitSettingsResponse> {
    return { limits: effectiveLimitTable(await accountLimitRows(repo.reader(), accountId)) };
  }

  async function scheduleAReport(accountId: string, committeeId: string, from: string, to: string) {
    const db = repo.reader();
    const row = await committeeOr404(db, accountId, committeeId);
    if (!row.fecId || !row.filingForm) throw new Conflict(NO_FEC_ID);
    const committee: ScheduleACommittee = {
      fecId: row.fecId,
      filingForm: row.filingForm,
      name: row.name,
      street1: row.street1,
      street2: row.street2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      treasurerFirstName: row.treasurerFirstName,
      treasurerLastName: row.treasurerLastName,
    };
    // Aggregates count from the start of the cycle (F3) or year (F3X) the period begins in.
    const receipts = await repo.individualReceipts(db, accountId, committeeId, aggregationStart(committee.filingForm, from), to);
    return { committee, report: buildScheduleA(committee, receipts, from) };
  }

  return {
    limitSettings: limitTable,

    /** Sets the account's limits, then re-flags every designated gift of the account under them (one transaction). */
    async updateLimitSettings(accountId: string, limits: ContributionLimit[]): Promise<LimitSettingsResponse> {
      const keys = await repo.allDesignatedKeys(repo.reader(), accountId);
      await repo.transaction(async (trx) => {
        await repo.lockForWrite(
          trx,
          accountId,
          keys.map((k) => k.contactId),
          [],
        );
        await repo.upsertLimits(trx, accountId, limits);
        await recomputeExcessFor(trx, accountId, await repo.allDesignatedKeys(trx, accountId));
      });
      return limitTable(accountId);
    },

    async setContributorType(accountId: string, contactId: string, contributorType: ContributorType): Promise<ContributorTypeResponse> {
      assertIdOr404(contactId, CONTACT_NOT_FOUND);
      await repo.transaction(async (trx) => {
        await repo.lockForWrite(trx, accountId, [contactId], []);
        if (!(await repo.contactExists(trx, accountId, contactId))) throw new NotFound(CONTACT_NOT_FOUND);
        await repo.setContributorType(trx, accountId, contactId, contributorType);
        const elections = await repo.designatedElections(trx, accountId, contactId);
        await recomputeExcessFor(
          trx,
          accountId,
          elections.map((e) => ({ contactId, ...e })),
        );
      });
      return { contactId, contributorType };
    },

    async limits(accountId: string, contactId: string, committeeId: string): Promise<LimitsResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      assertIdOr404(contactId, CONTACT_NOT_FOUND);
      if (!(await repo.contactExists(db, accountId, contactId))) throw new NotFound(CONTACT_NOT_FOUND);
      const contributorType = await contributorTypeOf(db, accountId, contactId);
      const table = effectiveLimitTable(await accountLimitRows(db, accountId));
      const sums = new Map((await repo.aggregatesByElection(db, accountId, contactId, committeeId)).map((r) => [r.electionCode, centsOf(r.aggregate)]));
      // Refunds lower the aggregate of the election their gift counted toward.
      for (const refund of await repo.refundsByElection(db, accountId, contactId, committeeId)) {
        const code = refund.electionCode;
        sums.set(code, (sums.get(code) ?? 0) - centsOf(refund.total));
      }
      const elections: ElectionLimit[] = (await committeeElections(db, accountId, committeeId)).map((election) => {
        const aggregate = sums.get(election.code) ?? 0;
        const limit = limitCentsFor(table, election.code, contributorType);
        return {
          electionCode: election.code,
          electionDate: election.date,
          aggregate: fromCents(aggregate),
          limit: fromCents(limit),
          remaining: fromCents(Math.max(0, limit - aggregate)),
        };
      });
      return { contactId, committeeId, contributorType, elections };
    },

    async excessive(accountId: string, committeeId: string): Promise<ExcessiveResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      const rows = await repo.excessive(db, accountId, committeeId);
      const contributions = [];
      // The aggregate as of each flagged gift: its contributor's gifts to the election up to it.
      for (const row of rows) {
        const key: ExcessKey = { contactId: row.contactId, committeeId, electionCode: row.electionCode };
        const limit = await limitCents(db, accountId, key.contactId, key.electionCode);
        const excess = centsOf(row.excessAmount);
        contributions.push({
          donationId: row.id,
          contactId: key.contactId,
          contactName: contactName(row),
          electionCode: key.electionCode,
          donationDate: toIsoDate(row.donationDate) as string,
          donationAmount: fromCents(centsOf(row.donationAmount)),
          // The gift took the aggregate exactly `excess` past the limit (or, once past, further by itself).
          aggregate: fromCents(await aggregateUpTo(db, accountId, key, row.id)),
          limit: fromCents(limit),
          excessAmount: fromCents(excess),
          deadline: toIsoDate(row.remedyDeadline) as string,
        });
      }
      return { contributions };
    },

    /**
     * Cures an excessive gift: the excess leaves it and becomes its own row (or, when the whole gift
     * is excess, the gift itself moves). Contact and campaign totals are recomputed from the rows and
     * the flags of every election touched are recomputed, all in one transaction, under the app's
     * lock order: contacts (in id order), then the campaign.
     */
    /** Cures an excessive gift through the ledger (refund, redesignate or reattribute its excess). */
    async remedy(accountId: string, actor: LedgerActor, donationId: string, values: RemedyValues): Promise<RemedyResponse> {
      return remedyExcess(repo.reader(), { accountId, actor, donationId, values });
    },

    async scheduleA(accountId: string, committeeId: string, from: string, to: string): Promise<ScheduleAResponse> {
      const { report } = await scheduleAReport(accountId, committeeId, from, to);
      return { rows: report.rows, warnings: report.warnings };
    },

    async scheduleAFile(accountId: string, committeeId: string, from: string, to: string, format: 'csv' | 'fec'): Promise<ScheduleAFile> {
      const { committee, report } = await scheduleAReport(accountId, committeeId, from, to);
      const base = `schedule-a-${committee.fecId}-${from}-${to}`;
      if (format === 'csv') return { contentType: 'text/csv; charset=utf-8', filename: `${base}.csv`, body: scheduleACsv(report.rows) };
      const signed = todayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      return { contentType: 'text/plain; charset=us-ascii', filename: `${base}.fec`, body: scheduleAFecFile(committee, report, from, to, signed) };
    },

    /**
     * Receipts of $1,000 or more received less than 20 days but more than 48 hours before an election
     * of the committee (3 to 19 days before its day), each due 48 hours after receipt.
     */
    async fortyEightHourNotices(accountId: string, committeeId: string): Promise<FortyEightHourNoticesResponse> {
      const db = repo.reader();
      await committeeOr404(db, accountId, committeeId);
      const elections = await committeeElections(db, accountId, committeeId);
      const notices: FortyEightHourNoticesResponse['notices'] = [];
      for (const election of elections) {
        const rows = await repo.largeReceipts(db, accountId, committeeId, FORTY_EIGHT_HOUR_THRESHOLD, addDays(election.date, -19), addDays(election.date, -3));
        for (const row of rows) {
          const donationDate = toIsoDate(row.donationDate) as string;
          const days = daysBetween(donationDate, election.date);
          if (days < 3 || days > 19) continue;
          const processed = toIsoDateTime(row.processedDate);
          notices.push({
            donationId: row.id,
            contactId: row.contactId ?? '',
            contactName: contactName(row),
            amount: fromCents(centsOf(row.donationAmount)),
            donationDate,
            electionCode: election.code,
            electionDate: election.date,
            dueDate: addDays(donationDate, 2),
            dueAt: processed ? new Date(Date.parse(processed) + 48 * 3_600_000).toISOString() : null,
            filedOn: null,
          });
        }
      }
      const filings: Pick<NoticeFilingRow, 'donationId' | 'filedOn'>[] = await scoped(db, 'notice_filings', accountId)
        .whereIn(
          'notice_filings.donationId',
          notices.map((n) => n.donationId),
        )
        .select('notice_filings.donationId', 'notice_filings.filedOn');
      const filedOn = new Map(filings.map((row) => [row.donationId, toIsoDate(row.filedOn)]));
      for (const notice of notices) notice.filedOn = filedOn.get(notice.donationId) ?? null;
      notices.sort((x, y) => (x.dueDate === y.dueDate ? x.donationId.localeCompare(y.donationId) : x.dueDate < y.dueDate ? -1 : 1));
      return { notices };
    },
  };
}

/** The contributor's completed gifts to the election up to and including `donationId`, in the order received. */
async function aggregateUpTo(db: Knex, accountId: string, key: ExcessKey, donationId: string): Promise<number> {
  const rows: Pick<DonationRow, 'id' | 'donationAmount'>[] = await electionDonations(db, accountId, key)
    .where('donations.status', COUNTED_DONATION_STATUS)
    .select('donations.id', 'donations.donationAmount');
  let total = 0;
  for (const row of rows) {
    total += centsOf(row.donationAmount);
    if (row.id === donationId) break;
  }
  return total;
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
