import type { AnalyticsSummary, ReportCell, ReportKind, ReportTable } from '@caucus/contract';
import { PAYMENT_METHOD_LABELS, REPORT_CARDS } from '@caucus/contract';
import { toBool, toInt, toIsoDate, toMoney, type DbDateTime } from '../../db/values';
import { NotFound, Unprocessable } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { AnalyticsReportsRepository, DonationScope } from './repository';
import type { DonorNameFields } from './scopeQueries';

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
const day = (value: unknown): string | null => toIsoDate(value as DbDateTime);

/** How a donor is named in charts and reports: the person, else the organisation. */
export function donorName(row: DonorNameFields): string {
  const person = [row.firstName, row.lastName]
    .filter((part) => typeof part === 'string' && part.trim())
    .join(' ')
    .trim();
  return person || text(row.organization) || 'Unnamed contact';
}

const paymentLabel = (method: unknown): string => PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? text(method) ?? 'Unknown';

/** Mean of the middle amounts (in cents), so 10.01 and 10.02 give 10.02 (half a cent rounds up). */
function median(cents: number[]): number {
  if (cents.length === 0) return 0;
  return Math.round(cents.reduce((sum, c) => sum + c, 0) / cents.length) / 100;
}

export type AnalyticsFilter = DonationScope & { topLimit: number };

type Table = Pick<ReportTable, 'columns' | 'rows'>;
/** A report's columns and its rows as pages, read one after another. */
export type ReportSource = { columns: string[]; pages: AsyncGenerator<ReportCell[][]> };

/** Rows read per query for the long reports. */
export const REPORT_PAGE_SIZE = 5000;
/** XLSX is built in the browser from JSON; a sheet this long is the limit of what that does well. */
export const MAX_JSON_REPORT_ROWS = 100_000;

type ReportLimits = { pageSize?: number; maxJsonRows?: number };

export function createAnalyticsReportsService(
  repo: AnalyticsReportsRepository,
  today: () => Date = () => new Date(),
  { pageSize = REPORT_PAGE_SIZE, maxJsonRows = MAX_JSON_REPORT_ROWS }: ReportLimits = {},
) {
  async function assertCampaign(accountId: string, campaignId: string | undefined): Promise<void> {
    if (!campaignId) return;
    assertIdOr404(campaignId, 'Campaign not found');
    if (!(await repo.campaignExists(accountId, campaignId))) throw new NotFound('Campaign not found');
  }

  async function summary(accountId: string, filter: AnalyticsFilter): Promise<AnalyticsSummary> {
    await assertCampaign(accountId, filter.campaignId);
    const scope: DonationScope = { from: filter.from, to: filter.to, campaignId: filter.campaignId };
    // LYBUNT compares the year of the range's end (else this year) with the one before it, to that end.
    const year = filter.to ? Number(filter.to.slice(0, 4)) : today().getUTCFullYear();
    const thisYearEnd = filter.to ?? `${year}-12-31`;
    // Independent queries, run side by side on the pool.
    const [figures, donorCount, newDonors, lybunt, lybuntTop, top, middle] = await Promise.all([
      repo.dayFigures(accountId, scope),
      repo.donorCount(accountId, scope),
      scope.from ? repo.newDonors(accountId, { ...scope, from: scope.from }) : null,
      repo.lybuntTotals(accountId, filter.campaignId, year, thisYearEnd),
      repo.lybuntTop(accountId, filter.campaignId, year, thisYearEnd, filter.topLimit),
      repo.topDonors(accountId, scope, filter.topLimit),
      repo.middleAmounts(accountId, scope),
    ]);
    const { totals, months, methods, campaigns } = figures;
    const { gifts } = totals;
    const raised = toMoney(totals.raised);
    // Without a start every donor of the range gave for the first time in it.
    const firstTimers = newDonors ?? donorCount;
    return {
      range: { from: filter.from ?? null, to: filter.to ?? null, campaignId: filter.campaignId ?? null },
      totals: {
        raised,
        gifts,
        donors: donorCount,
        averageGift: gifts > 0 ? toMoney(raised / gifts) : 0,
        medianGift: median(middle),
      },
      raisedByMonth: months.map((row) => ({ month: String(row.month), raised: toMoney(row.raised), gifts: toInt(row.gifts) })),
      donors: { new: firstTimers, returning: donorCount - firstTimers },
      lybunt: {
        year,
        donors: toInt(lybunt.donors),
        lastYearTotal: toMoney(lybunt.lastYearTotal),
        top: lybuntTop.map((row) => ({ contactId: String(row.contactId), name: donorName(row), lastYearTotal: toMoney(row.lastYearTotal) })),
      },
      byPaymentMethod: methods.map((row) => ({ paymentMethod: String(row.paymentMethod), raised: toMoney(row.raised), gifts: toInt(row.gifts) })),
      byCampaign: campaigns.map((row) => ({
        campaignId: text(row.campaignId),
        name: row.campaignId ? (text(row.name) ?? 'Unnamed campaign') : 'No campaign',
        raised: toMoney(row.raised),
        gifts: toInt(row.gifts),
      })),
      topDonors: top.map((row) => ({ contactId: String(row.contactId), name: donorName(row), raised: toMoney(row.raised), gifts: toInt(row.gifts) })),
    };
  }

  const titleOf = (kind: ReportKind): string => REPORT_CARDS.find((card) => card.kind === kind)!.title;

  const DONATION_COLUMNS = [
    'Date',
    'Amount',
    'Status',
    'Payment method',
    'Campaign',
    'First name',
    'Last name',
    'Organization',
    'Email',
    'Check number',
    'Transaction ID',
    'Anonymous',
    'Notes',
  ];

  async function* donationPages(accountId: string, scope: DonationScope): AsyncGenerator<ReportCell[][]> {
    let after: { donationDate: string; id: string } | null = null;
    for (;;) {
      const rows = await repo.donationRowsPage(accountId, scope, after, pageSize);
      if (rows.length === 0) return;
      yield rows.map((row): ReportCell[] => [
        day(row.donationDate),
        toMoney(row.donationAmount),
        text(row.status),
        paymentLabel(row.paymentMethod),
        text(row.campaignName),
        text(row.firstName),
        text(row.lastName),
        text(row.organization),
        text(row.primaryEmail),
        text(row.checkNumber),
        text(row.transactionId),
        toBool(row.isAnonymous) ? 'Yes' : 'No',
        text(row.notes),
      ]);
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { donationDate: day(last.donationDate) ?? '', id: String(last.id) };
    }
  }

  async function donationsReport(accountId: string, scope: DonationScope): Promise<ReportSource> {
    return { columns: DONATION_COLUMNS, pages: donationPages(accountId, scope) };
  }

  async function contactsReport(accountId: string, scope: DonationScope): Promise<Table> {
    const rows = await repo.contactRows(accountId, scope);
    return {
      columns: [
        'First name',
        'Last name',
        'Organization',
        'Email',
        'Phone',
        'City',
        'State',
        'ZIP',
        'Status',
        'Gifts in period',
        'Given in period',
        'Last gift in period',
        'Lifetime giving',
      ],
      rows: rows.map((row): ReportCell[] => [
        text(row.firstName),
        text(row.lastName),
        text(row.organization),
        text(row.primaryEmail),
        text(row.primaryPhone),
        text(row.city),
        text(row.state),
        text(row.zipCode),
        text(row.status),
        toInt(row.gifts),
        toMoney(row.given),
        day(row.lastGift),
        toMoney(row.totalDonated),
      ]),
    };
  }

  async function campaignsReport(accountId: string, scope: DonationScope): Promise<Table> {
    const rows = await repo.campaignRows(accountId, scope);
    return {
      columns: [
        'Campaign',
        'Status',
        'Start',
        'End',
        'Goal',
        'Raised to date',
        'Progress to goal (%)',
        'Raised in period',
        'Gifts in period',
        'Donors in period',
        'Average gift in period',
        'Contact goal',
      ],
      rows: rows.map((row): ReportCell[] => {
        const goal = toMoney(row.fundraisingGoal);
        const raisedToDate = toMoney(row.amountRaised);
        const gifts = toInt(row.gifts);
        const raised = toMoney(row.raised);
        return [
          text(row.name),
          text(row.status),
          day(row.startDate),
          day(row.endDate),
          goal,
          raisedToDate,
          goal > 0 ? Math.round((raisedToDate / goal) * 1000) / 10 : null,
          raised,
          gifts,
          toInt(row.donors),
          gifts > 0 ? toMoney(raised / gifts) : 0,
          row.contactGoal === null || row.contactGoal === undefined ? null : toInt(row.contactGoal),
        ];
      }),
    };
  }

  /** One row per month with any pledge or donation, then a total row; sums in cents to stay exact. */
  async function financialSummaryReport(accountId: string, scope: DonationScope): Promise<Table> {
    const [donations, pledges] = await Promise.all([repo.donationsByMonthAndStatus(accountId, scope), repo.pledgesByMonth(accountId, scope)]);
    type Month = { pledged: number; fulfilled: number; received: number; gifts: number; pending: number; refunded: number };
    const months = new Map<string, Month>();
    const monthOf = (key: string): Month => {
      let month = months.get(key);
      if (!month) months.set(key, (month = { pledged: 0, fulfilled: 0, received: 0, gifts: 0, pending: 0, refunded: 0 }));
      return month;
    };
    const cents = (value: unknown) => Math.round(toMoney(value) * 100);
    for (const row of pledges) {
      const month = monthOf(String(row.month));
      month.pledged += cents(row.pledged);
      month.fulfilled += cents(row.fulfilled);
    }
    for (const row of donations) {
      const month = monthOf(String(row.month));
      if (row.status === 'completed') {
        month.received += cents(row.amount);
        month.gifts += toInt(row.gifts);
      } else if (row.status === 'pending') month.pending += cents(row.amount);
      else if (row.status === 'refunded') month.refunded += cents(row.amount);
    }
    const total: Month = { pledged: 0, fulfilled: 0, received: 0, gifts: 0, pending: 0, refunded: 0 };
    const line = (label: string, m: Month): ReportCell[] => [
      label,
      m.pledged / 100,
      m.fulfilled / 100,
      m.received / 100,
      m.gifts,
      m.pending / 100,
      m.refunded / 100,
    ];
    const rows = [...months.keys()].sort().map((key) => {
      const m = months.get(key)!;
      for (const field of Object.keys(total) as (keyof Month)[]) total[field] += m[field];
      return line(key, m);
    });
    return {
      columns: ['Month', 'Pledged', 'Pledges fulfilled', 'Received', 'Gifts received', 'Pending', 'Refunded'],
      rows: [...rows, line('Total', total)],
    };
  }

  const onePage =
    (build: (accountId: string, scope: DonationScope) => Promise<Table>) =>
    async (accountId: string, scope: DonationScope): Promise<ReportSource> => {
      const table = await build(accountId, scope);
      return {
        columns: table.columns,
        pages: (async function* () {
          yield table.rows;
        })(),
      };
    };

  const builders: Record<ReportKind, (accountId: string, scope: DonationScope) => Promise<ReportSource>> = {
    donations: donationsReport,
    contacts: onePage(contactsReport),
    campaigns: onePage(campaignsReport),
    'financial-summary': onePage(financialSummaryReport),
  };

  /** The report's columns and its rows page by page: the CSV download writes each page as it comes. */
  async function reportSource(accountId: string, kind: ReportKind, scope: DonationScope): Promise<ReportSource & { title: string }> {
    await assertCampaign(accountId, scope.campaignId);
    return { title: titleOf(kind), ...(await builders[kind](accountId, scope)) };
  }

  return {
    summary,
    reportSource,
    /** The report as one JSON table, for the browser's XLSX; past `maxJsonRows` rows the CSV is the way. */
    async report(accountId: string, kind: ReportKind, scope: DonationScope): Promise<ReportTable> {
      const source = await reportSource(accountId, kind, scope);
      const rows: ReportCell[][] = [];
      for await (const page of source.pages) {
        rows.push(...page);
        if (rows.length > maxJsonRows) {
          throw new Unprocessable(`This report has more than ${maxJsonRows.toLocaleString('en-US')} rows: download it as CSV or choose a shorter date range.`);
        }
      }
      return { kind, title: source.title, columns: source.columns, rows };
    },
  };
}

export type AnalyticsReportsService = ReturnType<typeof createAnalyticsReportsService>;
