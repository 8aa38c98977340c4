import { Suspense, lazy, useCallback, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card, Select, Skeleton, buttonClassName } from '@caucus/design-system';
import { ApiError, formatCount, formatWholeUsd, useSession } from '@caucus/platform';
import type { Campaign, CaucusEvent } from '@caucus/contract';
import { RemoteWidget, WidgetSkeleton } from '../federation/RemoteWidget';
import { eventsOfCampaign, useDashboardCampaigns, useDashboardEvents, useDashboardOverview, useGettingStarted } from './home/dashboardApi';
import styles from './DashboardHome.module.css';

// Only a new account sees the checklist: an established one does not load it (ADR 0014).
const GettingStarted = lazy(() => import('./home/GettingStarted').then((module) => ({ default: module.GettingStarted })));
// Only a failed load shows it (ADR 0014).
const DashboardError = lazy(() => import('./home/DashboardError').then((module) => ({ default: module.DashboardError })));

export { DASHBOARD_ERROR_TITLE } from './home/DashboardError';
export const ALL_CAMPAIGNS = 'All Campaigns';
// The filter lives in the URL so reload and back/forward keep it.
const CAMPAIGN_PARAM = 'campaign';
// The events section opens its create form at this URL.
const NEW_EVENT_PATH = '/dashboard/events/new';

/** Props of mfe_campaigns/PerformanceWidget: a contract with the remote (docs/design.md, Micro-frontends). */
export type PerformanceWidgetProps = {
  campaigns: Campaign[];
  selectedCampaignId: string | null;
  onSelect: (id: string | null) => void;
};

/** Props of mfe_events/CalendarWidget: a contract with the remote (docs/design.md, Micro-frontends). */
export type CalendarWidgetProps = { events: CaucusEvent[] };

function Metric({ id, label, value }: { id: string; label: string; value: ReactNode }) {
  const labelId = `metric-${id}`;
  return (
    <section className={styles.metric} aria-labelledby={labelId}>
      <h2 id={labelId} className={styles.metricLabel}>
        {label}
      </h2>
      <p className={styles.metricValue}>{value}</p>
    </section>
  );
}

function MetricSkeleton() {
  return <Skeleton width="60%" height={32} />;
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * 'Welcome back' only to an account the API knows to be established; a new one is welcomed. While
 * that is unknown (loading, or the checklist could not be read) the greeting says only 'Welcome'.
 */
export function greeting(firstName: string, isNewAccount: boolean | undefined): string {
  return isNewAccount === false ? `Welcome back, ${firstName}!` : `Welcome, ${firstName}!`;
}

/** The dashboard home: metrics, campaign filter, calendar and campaign performance (docs/product/screens.md). */
export function DashboardHome() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const requestedCampaignId = params.get(CAMPAIGN_PARAM) || null;

  const campaignsQuery = useDashboardCampaigns();
  const eventsQuery = useDashboardEvents();
  const campaigns = campaignsQuery.data;
  // A campaign that no longer exists (deleted, another account's link) falls back to all campaigns.
  const selectedCampaignId =
    requestedCampaignId && campaigns && !campaigns.some((campaign) => campaign.id === requestedCampaignId) ? null : requestedCampaignId;
  const overviewQuery = useDashboardOverview(selectedCampaignId);
  const gettingStarted = useGettingStarted().data;

  const handleSelectCampaign = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(CAMPAIGN_PARAM, id);
          else next.delete(CAMPAIGN_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const visibleEvents = useMemo(
    () => (eventsQuery.data ? eventsOfCampaign(eventsQuery.data, selectedCampaignId) : undefined),
    [eventsQuery.data, selectedCampaignId],
  );

  const queries = [overviewQuery, campaignsQuery, eventsQuery];
  const failed = queries.filter((query) => query.isError);
  // A 401 already cleared the session and is on its way to /login: show nothing in between.
  const unauthorized = failed.some((query) => isUnauthorized(query.error));
  const retrying = queries.some((query) => query.isFetching);

  const handleRetry = () => {
    for (const query of failed) void query.refetch();
  };

  const firstName = session?.user.firstName || session?.user.name || 'there';
  const overview = overviewQuery.data;

  const campaignOptions = [{ value: '', label: ALL_CAMPAIGNS }, ...(campaigns ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{session?.accountName}</p>
          <h1 className={styles.title}>{greeting(firstName, gettingStarted?.isNewAccount)}</h1>
          <p className={styles.subtitle}>How your campaigns, supporters and events are doing.</p>
        </div>
        <Select
          className={styles.filter}
          label="Campaign filter"
          options={campaignOptions}
          value={selectedCampaignId ?? ''}
          disabled={!campaigns}
          onChange={(event) => handleSelectCampaign(event.target.value || null)}
        />
      </header>

      {unauthorized ? null : failed.length > 0 ? (
        <Suspense fallback={null}>
          <DashboardError onRetry={handleRetry} retrying={retrying} />
        </Suspense>
      ) : (
        <>
          {gettingStarted?.isNewAccount ? (
            <Suspense fallback={null}>
              <GettingStarted data={gettingStarted} />
            </Suspense>
          ) : null}

          <div className={styles.metrics} aria-busy={overview ? undefined : true}>
            <Metric id="contacts" label="Total Contacts" value={overview ? formatCount(overview.summary.totalContacts) : <MetricSkeleton />} />
            <Metric id="raised" label="Total Raised" value={overview ? formatWholeUsd(overview.summary.totalRaised) : <MetricSkeleton />} />
            <Metric id="active" label="Active Campaigns" value={overview ? formatCount(overview.campaigns.activeCampaigns) : <MetricSkeleton />} />
          </div>

          <div className={styles.widgets}>
            <Card title="Calendar" headingLevel={2} className={styles.calendarCard}>
              {visibleEvents ? (
                <>
                  {visibleEvents.length === 0 ? (
                    <div className={styles.calendarEmpty}>
                      <p className={styles.calendarEmptyText}>
                        {selectedCampaignId ? 'No events scheduled for this campaign yet.' : 'No events scheduled yet.'}
                      </p>
                      <Link
                        to={selectedCampaignId ? `${NEW_EVENT_PATH}?campaignId=${encodeURIComponent(selectedCampaignId)}` : NEW_EVENT_PATH}
                        className={buttonClassName({ variant: 'primary', size: 'sm' })}
                      >
                        Create Event
                      </Link>
                    </div>
                  ) : null}
                  <RemoteWidget<CalendarWidgetProps>
                    remote="mfe_events"
                    widget="CalendarWidget"
                    props={{ events: visibleEvents }}
                    loadingLabel="Loading calendar"
                  />
                </>
              ) : (
                <WidgetSkeleton label="Loading calendar" />
              )}
            </Card>
            <Card title="Campaign Performance" headingLevel={2} className={styles.performanceCard}>
              {campaigns ? (
                <RemoteWidget<PerformanceWidgetProps>
                  remote="mfe_campaigns"
                  widget="PerformanceWidget"
                  props={{ campaigns, selectedCampaignId, onSelect: handleSelectCampaign }}
                  loadingLabel="Loading campaign performance"
                />
              ) : (
                <WidgetSkeleton label="Loading campaign performance" />
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
