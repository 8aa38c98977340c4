import { useState } from 'react';
import { Button, Card, Spinner } from '@caucus/design-system';
import { useQuery } from '@caucus/platform';
import { fetchDonations, fetchMoneyHistory, fetchPledges, fetchSummary, financialsKeys } from '../../api/financialsApi';
import { DonationModal } from '../DonationModal';
import { GivingFigures } from '../GivingFigures';
import { GivingHistory } from '../GivingHistory';
import { MoneyHistory } from '../MoneyHistory';
import { PledgeModal } from '../PledgeModal';
import styles from './ContactGiving.module.css';

export type ContactGivingProps = { contactId: string };

type Adding = 'donation' | 'pledge' | null;

/**
 * The donor record's giving: the figures, the donations and pledges, and adding either without
 * leaving the contact. The modals invalidate the contacts queries on save, which these live under,
 * so the figures and lists refresh by themselves.
 */
export function ContactGiving({ contactId }: ContactGivingProps) {
  const summary = useQuery({ queryKey: financialsKeys.summary(contactId), queryFn: ({ signal }) => fetchSummary(contactId, signal) });
  const donations = useQuery({ queryKey: financialsKeys.donations(contactId), queryFn: ({ signal }) => fetchDonations(contactId, signal) });
  const pledges = useQuery({ queryKey: financialsKeys.pledges(contactId), queryFn: ({ signal }) => fetchPledges(contactId, signal) });
  const history = useQuery({ queryKey: financialsKeys.history(contactId), queryFn: ({ signal }) => fetchMoneyHistory(contactId, signal) });
  const campaignNames = new Map(
    [...(donations.data ?? []), ...(pledges.data ?? [])].flatMap((gift) => (gift.campaign ? [[gift.campaign.id, gift.campaign.name] as const] : [])),
  );
  const [adding, setAdding] = useState<Adding>(null);
  const handleClose = () => setAdding(null);

  return (
    <Card
      title="Giving"
      headingLevel={2}
      actions={
        <>
          <Button size="sm" onClick={() => setAdding('donation')}>
            Add donation
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAdding('pledge')}>
            Add pledge
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        {summary.isPending ? (
          <Spinner label="Loading giving" />
        ) : summary.isError ? (
          <div className={styles.error} role="alert">
            <p>The giving figures could not be loaded.</p>
            <Button size="sm" variant="secondary" loading={summary.isFetching} onClick={() => void summary.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <GivingFigures donations={summary.data.donations} />
        )}
        <GivingHistory donations={donations} pledges={pledges} contactId={contactId} />
        <MoneyHistory contactId={contactId} query={history} campaignNames={campaignNames} />
      </div>
      {adding === 'donation' ? <DonationModal contactId={contactId} donation={null} pledges={pledges.data ?? []} onClose={handleClose} /> : null}
      {adding === 'pledge' ? <PledgeModal contactId={contactId} pledge={null} onClose={handleClose} /> : null}
    </Card>
  );
}
