import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, CardGrid, EmptyState, ErrorState, PageHeader, Select, Skeleton, TextField, buttonClassName } from '@caucus/design-system';
import { toast, useCan, useMutation, useQueryClient } from '@caucus/platform';
import { campaignsKeys, refreshAllTotals, type Campaign, type CampaignsResponse } from '../api/campaignsApi';
import { useCampaigns } from '../hooks/useCampaigns';
import { NEW_CAMPAIGN_PATH } from '../paths';
import { SORT_OPTIONS, STATUS_FILTERS, filterAndSortCampaigns, type CampaignSort, type StatusFilter } from '../utils/campaignList';
import { capitalise } from '../utils/format';
import { CampaignCard } from './CampaignCard';
import { DeleteCampaignDialog } from './DeleteCampaignDialog';
import styles from './CampaignsPage.module.css';

export const CAMPAIGNS_SUBTITLE = 'Track every campaign’s goal, money raised and reach in one place.';

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All statuses' : capitalise(value) }));
const SORT_SELECT_OPTIONS = SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label }));

export function CampaignsPage() {
  const query = useCampaigns();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<CampaignSort>('newest');
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  // Creating and recomputing need campaigns.write (contract/permissions.ts); other roles only read.
  const canWrite = useCan('campaigns.write');

  const refresh = useMutation({
    mutationFn: refreshAllTotals,
    onSuccess: (data) => {
      // The endpoint answers with the recomputed campaigns; reload anyway if it did not.
      if (Array.isArray(data?.campaigns)) queryClient.setQueryData<CampaignsResponse>(campaignsKeys.list(), { campaigns: data.campaigns });
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
      toast.success('Campaign totals refreshed successfully!');
    },
    onError: () => {
      toast.error('Error refreshing campaign totals');
    },
  });

  const campaigns = query.data?.campaigns;
  const visible = useMemo(() => filterAndSortCampaigns(campaigns ?? [], { search, status, sort }), [campaigns, search, status, sort]);

  return (
    <section className={styles.page}>
      <PageHeader
        title="Campaign Management"
        subtitle={CAMPAIGNS_SUBTITLE}
        actions={
          canWrite ? (
            <>
              <Button variant="secondary" loading={refresh.isPending} onClick={() => refresh.mutate()}>
                Refresh Totals
              </Button>
              <Link to={NEW_CAMPAIGN_PATH} className={buttonClassName({ variant: 'primary' })}>
                New Campaign
              </Link>
            </>
          ) : undefined
        }
      />

      <div className={styles.toolbar} role="search" aria-label="Filter campaigns">
        <TextField
          className={styles.search}
          label="Search campaigns"
          hideLabel
          type="search"
          placeholder="Search campaigns..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select label="Status" hideLabel options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)} />
        <Select label="Sort by" hideLabel options={SORT_SELECT_OPTIONS} value={sort} onChange={(event) => setSort(event.target.value as CampaignSort)} />
      </div>

      {query.isPending ? (
        <CardGrid minItemWidth="20rem" aria-busy="true" aria-label="Loading campaigns">
          {Array.from({ length: 6 }, (_, index) => (
            <Card key={index}>
              <Skeleton width="70%" height="1.25rem" />
              <Skeleton height="0.5rem" />
              <Skeleton lines={2} />
            </Card>
          ))}
        </CardGrid>
      ) : query.isError ? (
        <ErrorState title="Campaigns could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : visible.length === 0 ? (
        <EmptyState
          title="No campaigns found"
          message={query.data.campaigns.length === 0 ? 'Campaigns your team creates will appear here.' : 'No campaign matches this search and status.'}
          action={
            <div className={styles.emptyActions}>
              {query.data.campaigns.length > 0 ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                  }}
                >
                  Clear filters
                </Button>
              ) : null}
              {canWrite ? (
                <Link to={NEW_CAMPAIGN_PATH} className={buttonClassName({ variant: 'primary' })}>
                  Create Campaign
                </Link>
              ) : null}
            </div>
          }
        />
      ) : (
        <CardGrid minItemWidth="20rem">
          {visible.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} onDelete={setToDelete} />
          ))}
        </CardGrid>
      )}

      <DeleteCampaignDialog campaign={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
