import { useState } from 'react';
import { Card, Spinner, Tabs } from '@caucus/design-system';
import { useQuery, formatDay, formatUsd } from '@caucus/platform';
import { fetchDonations, fetchPledges, fetchSummary, financialsKeys, type Donation, type Pledge } from '../api/financialsApi';
import { optionLabel } from '../utils/financialForms';
import { DonationModal } from './DonationModal';
import { FinancialList } from './FinancialList';
import { PledgeModal } from './PledgeModal';
import { GiftHistoryModal } from './MoneyHistory';
import styles from './Financials.module.css';

export type FinancialsTabProps = {
  /** Absent until the contact is saved: pledges and donations hang off a stored contact. */
  contactId?: string | null;
  /** Hides add and edit (the contact form always passes false). */
  readOnly?: boolean;
};

export const FINANCIALS_NEED_SAVED_CONTACT = 'Please save the contact first before adding pledges or donations';

type Editing<T> = { open: false } | { open: true; item: T | null };

export function FinancialsTab({ contactId, readOnly = false }: FinancialsTabProps) {
  if (!contactId) return <p className={styles.notice}>{FINANCIALS_NEED_SAVED_CONTACT}</p>;
  return <ContactFinancials contactId={contactId} readOnly={readOnly} />;
}

function ContactFinancials({ contactId, readOnly }: { contactId: string; readOnly: boolean }) {
  const summary = useQuery({ queryKey: financialsKeys.summary(contactId), queryFn: ({ signal }) => fetchSummary(contactId, signal) });
  const pledges = useQuery({ queryKey: financialsKeys.pledges(contactId), queryFn: ({ signal }) => fetchPledges(contactId, signal) });
  const donations = useQuery({
    queryKey: financialsKeys.donations(contactId),
    queryFn: ({ signal }) => fetchDonations(contactId, signal),
  });
  const [pledgeEditing, setPledgeEditing] = useState<Editing<Pledge>>({ open: false });
  const [donationEditing, setDonationEditing] = useState<Editing<Donation>>({ open: false });
  const [historyOf, setHistoryOf] = useState<Donation | null>(null);

  const pledgeList = pledges.data ?? [];
  const donationList = donations.data ?? [];

  const summaryPanel = summary.isPending ? (
    <Spinner label="Loading financial summary" />
  ) : summary.isError ? (
    <p className={styles.notice}>Unable to load the financial summary</p>
  ) : (
    <div className={styles.tab}>
      <Card title="Pledges" headingLevel={4}>
        <dl className={styles.figures}>
          <Figure label="Total pledges" value={String(summary.data.pledges.total ?? 0)} />
          <Figure label="Total pledged" value={formatUsd(summary.data.pledges.totalAmount)} />
          <Figure label="Total fulfilled" value={formatUsd(summary.data.pledges.totalFulfilled)} />
        </dl>
      </Card>
      <Card title="Donations" headingLevel={4}>
        <dl className={styles.figures}>
          <Figure label="Completed donations" value={String(summary.data.donations.completed ?? 0)} />
          <Figure label="Total donated" value={formatUsd(summary.data.donations.totalAmount)} />
          <Figure label="Average donation" value={formatUsd(summary.data.donations.averageAmount)} />
          <Figure label="Last donation" value={formatDay(summary.data.donations.lastDonationDate) || 'None yet'} />
        </dl>
      </Card>
    </div>
  );

  const pledgesPanel = (
    <FinancialList
      noun="pledge"
      query={pledges}
      readOnly={readOnly}
      onAdd={() => setPledgeEditing({ open: true, item: null })}
      onEdit={(pledge) => setPledgeEditing({ open: true, item: pledge })}
      row={(pledge) => ({
        id: pledge.id,
        amount: pledge.pledgeAmount,
        status: pledge.status || 'pending',
        details: [
          optionLabel(pledge.frequency || 'one_time'),
          pledge.campaign?.name,
          formatDay(pledge.pledgeDate),
          pledge.dueDate ? `Due ${formatDay(pledge.dueDate)}` : null,
          `Fulfilled ${formatUsd(pledge.amountFulfilled)}`,
        ],
      })}
    />
  );

  const donationsPanel = (
    <FinancialList
      noun="donation"
      query={donations}
      readOnly={readOnly}
      onAdd={() => setDonationEditing({ open: true, item: null })}
      onEdit={(donation) => setDonationEditing({ open: true, item: donation })}
      onHistory={setHistoryOf}
      row={(donation) => ({
        id: donation.id,
        amount: donation.donationAmount,
        status: donation.status || 'completed',
        needsReview: donation.needsReview,
        details: [
          optionLabel(donation.paymentMethod || 'cash'),
          donation.paymentMethod === 'check' && donation.checkNumber ? `#${donation.checkNumber}` : null,
          donation.campaign?.name,
          formatDay(donation.donationDate),
        ],
      })}
    />
  );

  return (
    <>
      <Tabs
        label="Financials"
        items={[
          { id: 'summary', label: 'Summary', content: summaryPanel },
          { id: 'pledges', label: `Pledges (${pledgeList.length.toLocaleString('en-US')})`, content: pledgesPanel },
          { id: 'donations', label: `Donations (${donationList.length.toLocaleString('en-US')})`, content: donationsPanel },
        ]}
      />
      {pledgeEditing.open ? <PledgeModal contactId={contactId} pledge={pledgeEditing.item} onClose={() => setPledgeEditing({ open: false })} /> : null}
      {historyOf ? (
        <GiftHistoryModal
          contactId={contactId}
          donationId={historyOf.id}
          label={`${formatUsd(historyOf.donationAmount)}${historyOf.donationDate ? ` on ${formatDay(historyOf.donationDate)}` : ''}`}
          campaignNames={new Map(donationList.flatMap((gift) => (gift.campaign ? [[gift.campaign.id, gift.campaign.name] as const] : [])))}
          onClose={() => setHistoryOf(null)}
        />
      ) : null}
      {donationEditing.open ? (
        <DonationModal contactId={contactId} donation={donationEditing.item} pledges={pledgeList} onClose={() => setDonationEditing({ open: false })} />
      ) : null}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
