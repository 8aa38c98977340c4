import { lazy, Suspense, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, PageHeader, Select, Skeleton, Tabs } from '@caucus/design-system';
import { useCan, useQuery } from '@caucus/platform';
import { fetchCommittees, financialsKeys } from '../../api/financialsApi';
import { DisbursementsPanel } from '../DisbursementsPanel';

// The other tabs load when first opened: the section's first page is all it loads (ADR 0008).
const CashPanel = lazy(async () => ({ default: (await import('../CashPanel')).CashPanel }));
const ReportsPanel = lazy(async () => ({ default: (await import('../ReportsPanel')).ReportsPanel }));
const GiftReviewPanel = lazy(async () => ({ default: (await import('../GiftReviewPanel')).GiftReviewPanel }));
const later = (panel: ReactElement) => <Suspense fallback={<Skeleton lines={6} />}>{panel}</Suspense>;
import styles from '../Financials.module.css';

export const FINANCIALS_SUBTITLE = 'Money going out, cash on hand and the FEC reports of each committee';

/** The financials of one committee (chosen in the page, kept in the URL): disbursements, cash, reports. */
export function FinancialsPage() {
  const [params, setParams] = useSearchParams();
  const committees = useQuery({ queryKey: financialsKeys.committees(), queryFn: ({ signal }) => fetchCommittees(signal) });
  const list = committees.data ?? [];
  const committee = list.find((c) => c.id === params.get('committee')) ?? list[0];
  const tab = params.get('tab') ?? 'disbursements';
  // Gifts entered by Staff wait for whoever holds gifts.review (the one permission table).
  const canReview = useCan('gifts.review');
  // FEC reports are compliance's: a role without compliance.read (Staff) does not see the tab.
  const canReports = useCan('compliance.read');
  const choose = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <div className={styles.page}>
      <PageHeader title="Financials" subtitle={FINANCIALS_SUBTITLE} />
      {committees.isError ? (
        <ErrorState title="Failed to load the committees" error={committees.error} onRetry={() => void committees.refetch()} retrying={committees.isFetching} />
      ) : !committees.data ? (
        <Skeleton lines={6} />
      ) : !committee ? (
        <>
          <EmptyState
            headingLevel={3}
            title="No committee yet"
            message="Create the committee on the Campaigns section's committees page: disbursements and reports belong to a committee."
          />
          {/* Gifts wait for review whether or not a committee exists yet. */}
          {canReview ? later(<GiftReviewPanel />) : null}
        </>
      ) : (
        <>
          <Select
            label="Committee"
            value={committee.id}
            onChange={(event) => choose({ committee: event.target.value })}
            options={list.map((c) => ({ value: c.id, label: c.fecId ? `${c.name} (${c.fecId})` : c.name }))}
          />
          <Tabs
            label="Financials"
            value={tab}
            onChange={(id) => choose({ tab: id })}
            items={[
              { id: 'disbursements', label: 'Disbursements', content: <DisbursementsPanel committeeId={committee.id} /> },
              { id: 'cash', label: 'Cash & reconciliation', content: later(<CashPanel committeeId={committee.id} />) },
              ...(canReports
                ? [{ id: 'reports', label: 'FEC reports', content: later(<ReportsPanel committeeId={committee.id} filingForm={committee.filingForm} />) }]
                : []),
              ...(canReview ? [{ id: 'review', label: 'Gifts to review', content: later(<GiftReviewPanel />) }] : []),
            ]}
          />
        </>
      )}
    </div>
  );
}
