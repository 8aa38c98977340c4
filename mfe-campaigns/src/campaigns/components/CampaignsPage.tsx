import { Card, CardGrid, EmptyState, ErrorState, PageHeader, Skeleton } from '@caucus/design-system';
import { useCampaigns } from '../hooks/useCampaigns';
import { CampaignCard } from './CampaignCard';
import styles from './CampaignsPage.module.css';

export const CAMPAIGNS_SUBTITLE = 'Track every campaign’s goal, money raised and reach in one place.';

export function CampaignsPage() {
  const query = useCampaigns();

  return (
    <section className={styles.page}>
      <PageHeader title="Campaign Management" subtitle={CAMPAIGNS_SUBTITLE} />
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
        <ErrorState
          title="Campaigns could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.campaigns.length === 0 ? (
        <EmptyState title="No campaigns found" message="Campaigns your team creates will appear here." />
      ) : (
        <CardGrid minItemWidth="20rem">
          {query.data.campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </CardGrid>
      )}
    </section>
  );
}
