import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { PAYMENT_METHOD_LABELS, type AnalyticsSummary } from '@caucus/contract';
import { VisuallyHidden } from '@caucus/design-system';
import { formatCount, formatMonth, formatUsd, formatWholeUsd } from '@caucus/platform';
import styles from './AnalyticsCharts.module.css';

// Loaded with React.lazy when the Analytics tab opens: recharts stays out of the section's first bundle.

const BRAND = 'var(--caucus-color-brand, #2563eb)';
const DONOR_COLOURS = ['var(--caucus-color-brand, #2563eb)', 'var(--caucus-color-success, #16a34a)'];
// The charts are pictures of the table beside them, hidden from screen readers: without recharts'
// keyboard layer they hold nothing focusable (a focusable element inside aria-hidden is unreachable
// to a screen reader's user yet still takes keyboard focus).
const PICTURE = { responsive: true, style: { width: '100%', height: 260 }, accessibilityLayer: false } as const;

type ChartFigureProps = {
  title: string;
  /** The figures as a table for screen readers: a chart alone says nothing to them. */
  rows: [string, string][];
  headings: [string, string];
  children: ReactNode;
};

function ChartFigure({ title, rows, headings, children }: ChartFigureProps) {
  return (
    <figure className={styles.figure} aria-label={title}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <div aria-hidden="true">{children}</div>
      {/* Hidden from sight on a wrapper: a table cannot be made narrower than its text, so hidden
          itself it widened the page on a phone. */}
      <VisuallyHidden as="div">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{headings[0]}</th>
              <th scope="col">{headings[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}

/**
 * The donut's slices: only the ones with donors. A 0 slice beside a 100% one is still drawn by
 * recharts as a sector edge, a white gap in a full ring; so is the seam of a lone full slice's
 * outline, which `stroke: 'none'` (see the donut's Cell) leaves out.
 */
export function donorSlices(donors: { new: number; returning: number }): { name: string; value: number; fill: string }[] {
  return [
    { name: 'New donors', value: donors.new, fill: DONOR_COLOURS[0] },
    { name: 'Returning donors', value: donors.returning, fill: DONOR_COLOURS[1] },
  ].filter((slice) => slice.value > 0);
}

/** Every category label is drawn (recharts skips crowded ones by default); long ones are shortened, in full in the table. */
export const EVERY_LABEL = 0;
const CATEGORY_LABEL_MAX = 16;
export function shortLabel(label: string, max = CATEGORY_LABEL_MAX): string {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}

/** Every month from the first to the last, a month without gifts at $0: the axis skips none. */
export function everyMonth<T extends { month: string; raised: number; gifts: number }>(rows: T[]): { month: string; raised: number; gifts: number }[] {
  if (rows.length === 0) return [];
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const sorted = [...byMonth.keys()].sort();
  const [firstYear, firstMonth] = sorted[0].split('-').map(Number);
  const [lastYear, lastMonth] = sorted[sorted.length - 1].split('-').map(Number);
  const months: { month: string; raised: number; gifts: number }[] = [];
  for (
    let year = firstYear, month = firstMonth;
    year < lastYear || (year === lastYear && month <= lastMonth);
    month === 12 ? ((year += 1), (month = 1)) : (month += 1)
  ) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    const row = byMonth.get(key);
    months.push({ month: key, raised: row?.raised ?? 0, gifts: row?.gifts ?? 0 });
  }
  return months;
}

const methodLabel = (method: string): string => PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;
// Chart axes: whole dollars keep the ticks short (an axis passes the tick's index second).
const axisMoney = (value: number) => formatWholeUsd(value);
const tooltipMoney = (value: unknown) => formatUsd(Number(value));
/** Legend labels in the text colour: recharts writes them in their series' colour, too light to read. */
const legendText = (value: string) => <span className={styles.legend}>{value}</span>;

export type AnalyticsChartsProps = { summary: AnalyticsSummary };

export function AnalyticsCharts({ summary }: AnalyticsChartsProps) {
  const months = everyMonth(summary.raisedByMonth).map((row) => ({ ...row, label: formatMonth(row.month) }));
  const donors = [
    { name: 'New donors', value: summary.donors.new },
    { name: 'Returning donors', value: summary.donors.returning },
  ];
  const slices = donorSlices(summary.donors);
  const methods = summary.byPaymentMethod.map((row) => ({ ...row, label: methodLabel(row.paymentMethod) }));
  return (
    <div className={styles.charts}>
      <ChartFigure title="Raised by month" headings={['Month', 'Raised']} rows={months.map((row) => [row.label, formatUsd(row.raised)])}>
        <BarChart {...PICTURE} data={months}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* Every month is labelled: turned at an angle so that twelve fit a phone's width. */}
          <XAxis dataKey="label" interval={EVERY_LABEL} angle={-40} textAnchor="end" height={64} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axisMoney} width={80} />
          <Tooltip formatter={tooltipMoney} />
          <Bar dataKey="raised" name="Raised" fill={BRAND} />
        </BarChart>
      </ChartFigure>
      <ChartFigure title="New versus returning donors" headings={['Donors', 'Count']} rows={donors.map((row) => [row.name, formatCount(row.value)])}>
        <PieChart {...PICTURE}>
          <Pie data={slices} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="80%" rootTabIndex={-1} paddingAngle={0}>
            {slices.map((slice) => (
              <Cell key={slice.name} fill={slice.fill} stroke={slices.length > 1 ? 'var(--caucus-color-surface, #fff)' : 'none'} />
            ))}
          </Pie>
          <Tooltip />
          <Legend formatter={legendText} />
        </PieChart>
      </ChartFigure>
      <ChartFigure
        title="Gifts by payment method"
        headings={['Payment method', 'Raised']}
        rows={methods.map((row) => [row.label, `${formatUsd(row.raised)} (${formatCount(row.gifts)} gifts)`])}
      >
        <BarChart {...PICTURE} data={methods} layout="vertical">
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={axisMoney} />
          <YAxis type="category" dataKey="label" width={100} interval={EVERY_LABEL} tickFormatter={(label: string) => shortLabel(label, 12)} />
          <Tooltip formatter={tooltipMoney} />
          <Bar dataKey="raised" name="Raised" fill={BRAND} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        title="Gifts by campaign"
        headings={['Campaign', 'Raised']}
        rows={summary.byCampaign.map((row) => [row.name, `${formatUsd(row.raised)} (${formatCount(row.gifts)} gifts)`])}
      >
        <BarChart {...PICTURE} data={summary.byCampaign} layout="vertical">
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={axisMoney} />
          <YAxis type="category" dataKey="name" width={140} interval={EVERY_LABEL} tickFormatter={(label: string) => shortLabel(label)} />
          <Tooltip formatter={tooltipMoney} />
          <Bar dataKey="raised" name="Raised" fill={BRAND} />
        </BarChart>
      </ChartFigure>
    </div>
  );
}

export default AnalyticsCharts;
