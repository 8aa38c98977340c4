import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, EmptyState, ErrorState, Spinner } from '@caucus/design-system';
import { analyticsKeys, fetchAnalyticsSummary, type ReportFilter } from '../../api/analyticsApi';
import { formatCount, formatUsd } from '@caucus/platform';
import { defaultReportFilter } from '../../utils/format';
import { ReportFilters } from '../ReportFilters';
import styles from './AnalyticsPanel.module.css';

// The chart library loads only when this tab opens and there is something to draw.
const AnalyticsCharts = lazy(() => import('../AnalyticsCharts/AnalyticsCharts'));

export type AnalyticsPanelProps = {
  /** The range shown first; this year to date unless a test or a link says otherwise. */
  initialFilter?: ReportFilter;
};

/** The Analytics tab (docs/product/compliance.md, Analytics and reports): the account's own figures from its completed donations. */
export function AnalyticsPanel({ initialFilter }: AnalyticsPanelProps) {
  const [filter, setFilter] = useState<ReportFilter>(() => initialFilter ?? defaultReportFilter());
  const summary = useQuery({
    queryKey: analyticsKeys.summary(filter),
    queryFn: ({ signal }) => fetchAnalyticsSummary(filter, signal),
    placeholderData: keepPreviousData,
  });
  const data = summary.data;

  return (
    <div className={styles.stack}>
      <ReportFilters value={filter} onChange={setFilter} />
      {summary.isError ? (
        <ErrorState title="Failed to load analytics" error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      ) : !data ? (
        <Spinner label="Loading analytics" />
      ) : data.totals.gifts === 0 && data.lybunt.donors === 0 ? (
        <EmptyState
          title="No donations in this period"
          message="Completed donations you record or import appear here. Try a wider date range or another campaign."
        />
      ) : (
        <>
          <div className={styles.grid} aria-busy={summary.isFetching}>
            <Figure label="Raised" value={formatUsd(data.totals.raised)} />
            <Figure label="Gifts" value={formatCount(data.totals.gifts)} />
            <Figure label="Donors" value={formatCount(data.totals.donors)} />
            <Figure label="Average gift" value={formatUsd(data.totals.averageGift)} />
            <Figure label="Median gift" value={formatUsd(data.totals.medianGift)} />
            <Figure label="New donors" value={formatCount(data.donors.new)} />
            <Figure label="Returning donors" value={formatCount(data.donors.returning)} />
            <Figure
              label={`Gave in ${data.lybunt.year - 1}, not yet in ${data.lybunt.year} (LYBUNT)`}
              value={formatCount(data.lybunt.donors)}
              detail={`${formatUsd(data.lybunt.lastYearTotal)} given in ${data.lybunt.year - 1}`}
            />
          </div>
          {data.totals.gifts > 0 ? (
            <Suspense fallback={<Spinner label="Loading charts" />}>
              <AnalyticsCharts summary={data} />
            </Suspense>
          ) : null}
          <div className={styles.lists}>
            <Card title="Top donors" headingLevel={3}>
              {data.topDonors.length === 0 ? (
                <p className={styles.muted}>No donors in this period.</p>
              ) : (
                <ol className={styles.ranked}>
                  {data.topDonors.map((donor) => (
                    <li key={donor.contactId}>
                      <span>{donor.name}</span>
                      <span className={styles.amount}>
                        {formatUsd(donor.raised)} · {formatCount(donor.gifts)} {donor.gifts === 1 ? 'gift' : 'gifts'}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card title={`Lapsed donors to ask (LYBUNT ${data.lybunt.year})`} headingLevel={3}>
              {data.lybunt.top.length === 0 ? (
                <p className={styles.muted}>Everyone who gave in {data.lybunt.year - 1} has given again.</p>
              ) : (
                <ol className={styles.ranked}>
                  {data.lybunt.top.map((donor) => (
                    <li key={donor.contactId}>
                      <span>{donor.name}</span>
                      <span className={styles.amount}>{formatUsd(donor.lastYearTotal)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card>
      <p className={styles.figure}>{value}</p>
      <p className={styles.figureLabel}>{label}</p>
      {detail ? <p className={styles.figureLabel}>{detail}</p> : null}
    </Card>
  );
}
