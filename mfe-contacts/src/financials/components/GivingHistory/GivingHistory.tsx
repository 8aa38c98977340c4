import { useId, useMemo, useState } from 'react';
import { Badge, Button, Spinner } from '@caucus/design-system';
import { GiftHistoryModal } from '../MoneyHistory';
import { DataTable, type ColumnDef } from '@caucus/design-system/table';
import type { Donation, Pledge } from '../../api/financialsApi';
import { optionLabel, pledgeStatusTone } from '../../utils/financialForms';
import { formatDay, formatUsd } from '@caucus/platform';
import styles from './GivingHistory.module.css';

/** What a list of the contact's donations or pledges is while it loads. */
export type HistoryQuery<T> = { isPending: boolean; isError: boolean; data?: T[] };

export type GivingHistoryProps = {
  donations: HistoryQuery<Donation>;
  pledges: HistoryQuery<Pledge>;
  /** The contact: with it, each donation offers its History. */
  contactId?: string;
};

/** One line of either table: a donation or a pledge as the treasurer reads it. */
type HistoryRow = {
  id: string;
  campaign: string | null;
  date: string | null;
  amount: number;
  method: string | null;
  status: string;
  /** Pledges only: how much of it the linked donations have paid. */
  fulfilled?: number;
};

const NONE = '—';

/** Date and amount lead: on a phone they are what shows before the table scrolls sideways. */
function baseColumns(): ColumnDef<HistoryRow>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      accessorFn: (row) => row.date,
      cell: ({ row }) => <span className={styles.nowrap}>{formatDay(row.original.date) || NONE}</span>,
    },
    {
      id: 'amount',
      header: 'Amount',
      accessorFn: (row) => row.amount,
      cell: ({ row }) => <span className={`${styles.amount} ${styles.nowrap}`}>{formatUsd(row.original.amount)}</span>,
    },
    {
      id: 'campaign',
      header: 'Campaign',
      accessorFn: (row) => row.campaign ?? NONE,
      cell: ({ row }) => <span className={styles.campaign}>{row.original.campaign ?? NONE}</span>,
    },
    { id: 'method', header: 'Method', accessorFn: (row) => (row.method ? optionLabel(row.method) : NONE) },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (row) => row.status,
      cell: ({ row }) => <Badge tone={pledgeStatusTone(row.original.status)}>{optionLabel(row.original.status)}</Badge>,
    },
  ];
}

function HistoryTable({
  noun,
  query,
  rows,
  columns,
}: {
  noun: 'donation' | 'pledge';
  query: HistoryQuery<unknown>;
  rows: HistoryRow[];
  columns: ColumnDef<HistoryRow>[];
}) {
  const title = `${optionLabel(noun)}s`;
  const headingId = useId();
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {title}
        {query.isPending || query.isError ? '' : ` (${rows.length.toLocaleString('en-US')})`}
      </h3>
      {query.isPending ? (
        <Spinner label={`Loading ${noun}s`} />
      ) : query.isError ? (
        <p className={styles.none}>Unable to load {noun}s</p>
      ) : rows.length === 0 ? (
        <p className={styles.none}>No {noun}s yet</p>
      ) : (
        <DataTable caption={title} columns={columns} data={rows} getRowId={(row) => row.id} enableSorting={false} />
      )}
    </section>
  );
}

/** The contact's donations and pledges, newest first as the API lists them. */
export function GivingHistory({ donations, pledges, contactId }: GivingHistoryProps) {
  const [historyOf, setHistoryOf] = useState<HistoryRow | null>(null);
  const donationColumns = useMemo<ColumnDef<HistoryRow>[]>(
    () => [
      ...baseColumns(),
      ...(contactId
        ? [
            {
              id: 'history',
              header: 'History',
              cell: ({ row }: { row: { original: HistoryRow } }) => (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`History of the donation of ${formatUsd(row.original.amount)}`}
                  onClick={() => setHistoryOf(row.original)}
                >
                  History
                </Button>
              ),
            } as ColumnDef<HistoryRow>,
          ]
        : []),
    ],
    [contactId],
  );
  const pledgeColumns = useMemo<ColumnDef<HistoryRow>[]>(
    () => [
      ...baseColumns(),
      {
        id: 'fulfilled',
        header: 'Fulfilled',
        accessorFn: (row) => row.fulfilled ?? 0,
        cell: ({ row }) => <span className={`${styles.amount} ${styles.nowrap}`}>{formatUsd(row.original.fulfilled ?? 0)}</span>,
      },
    ],
    [],
  );
  const donationRows = (donations.data ?? []).map<HistoryRow>((donation) => ({
    id: donation.id,
    campaign: donation.campaign?.name ?? null,
    date: donation.donationDate,
    amount: donation.donationAmount,
    method: donation.paymentMethod,
    status: donation.status,
  }));
  const pledgeRows = (pledges.data ?? []).map<HistoryRow>((pledge) => ({
    id: pledge.id,
    campaign: pledge.campaign?.name ?? null,
    date: pledge.pledgeDate,
    amount: pledge.pledgeAmount,
    method: pledge.paymentMethod,
    status: pledge.status,
    fulfilled: pledge.amountFulfilled,
  }));
  return (
    <div className={styles.histories}>
      <HistoryTable noun="donation" query={donations} rows={donationRows} columns={donationColumns} />
      <HistoryTable noun="pledge" query={pledges} rows={pledgeRows} columns={pledgeColumns} />
      {historyOf && contactId ? (
        <GiftHistoryModal
          contactId={contactId}
          donationId={historyOf.id}
          label={`${formatUsd(historyOf.amount)}${historyOf.date ? ` on ${formatDay(historyOf.date)}` : ''}`}
          campaignNames={new Map((donations.data ?? []).flatMap((gift) => (gift.campaign ? [[gift.campaign.id, gift.campaign.name] as const] : [])))}
          onClose={() => setHistoryOf(null)}
        />
      ) : null}
    </div>
  );
}
