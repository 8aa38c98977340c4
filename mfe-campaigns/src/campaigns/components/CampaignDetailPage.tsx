import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Badge, Button, Card, EmptyState, ErrorState, Pagination, ProgressBar, Skeleton, buttonClassName } from '@caucus/design-system';
import { PAYMENT_METHOD_LABELS } from '@caucus/contract';
import { QueryState, formatDay, formatPercent, formatUsd, formatWholeUsd, progressPercent, useCan } from '@caucus/platform';
import type { Campaign, CampaignTotalsInterval } from '../api/campaignsApi';
import { useCampaign, useCampaignDonations, useCampaignDonors, useCampaignEvents, useCampaignTotals } from '../hooks/useCampaigns';
import { CAMPAIGNS_PATH, DATA_IMPORT_PATH, contactPath, editCampaignPath, eventPath, newEventForCampaignPath } from '../paths';
import { capitalise, formatEventWhen, formatPeriod, statusTone, typeIcon } from '../utils/format';
import { DeleteCampaignDialog } from './DeleteCampaignDialog';
import { UnarchiveButton } from './UnarchiveButton';
import { RaisedChart } from './RaisedChart';
import styles from './CampaignDetailPage.module.css';

/** Rows per page of the donors and donations tables. */
export const DETAIL_PAGE_SIZE = 10;

/**
 * What "Donations" counts on this page, said once: completed donations, the ones in "raised". The
 * records table below lists every record (pending and refunded too), so its total is of records.
 */
export const DONATIONS_DEFINITION = 'Donations counts completed donations. Donation records below also lists pending and refunded ones, which are not counted.';

const INTERVAL_LABELS: Record<CampaignTotalsInterval, string> = { month: 'Monthly', week: 'Weekly' };

/** Shown only to a role that may import (contract/permissions.ts). */
function ImportDonationsLink() {
  if (!useCan('imports.write')) return null;
  return (
    <Link to={DATA_IMPORT_PATH} className={buttonClassName({ variant: 'primary' })}>
      Import Donations
    </Link>
  );
}

function RaisedOverTime({ campaign }: { campaign: Campaign }) {
  const [interval, setInterval] = useState<CampaignTotalsInterval>('month');
  const query = useCampaignTotals(campaign.id, interval);
  return (
    <Card
      title="Raised over time"
      aria-label="Raised over time"
      headingLevel={2}
      actions={
        <div className={styles.toggle} role="group" aria-label="Group totals by">
          {(['month', 'week'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={interval === value ? 'primary' : 'secondary'}
              aria-pressed={interval === value}
              onClick={() => setInterval(value)}
            >
              {INTERVAL_LABELS[value]}
            </Button>
          ))}
        </div>
      }
    >
      <QueryState query={query} what="Totals">
        {(totals) =>
          totals.points.length === 0 ? (
            <EmptyState
              title="No donations yet"
              message="Completed donations to this campaign will chart here by month or week."
              action={<ImportDonationsLink />}
            />
          ) : (
            <RaisedChart totals={totals} formatPeriod={(start) => formatPeriod(start, totals.interval)} />
          )
        }
      </QueryState>
    </Card>
  );
}

function Donors({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const query = useCampaignDonors(campaignId, { limit: DETAIL_PAGE_SIZE, offset: (page - 1) * DETAIL_PAGE_SIZE });
  return (
    <Card title="Donors" aria-label="Donors" headingLevel={2}>
      <QueryState query={query} what="Donors">
        {({ donors, total }) =>
          total === 0 ? (
            <EmptyState
              title="No donors yet"
              message="Contacts who give to this campaign will be listed here with what they gave."
              action={<ImportDonationsLink />}
            />
          ) : (
            <>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className={styles.srOnly}>Donors to this campaign, largest total first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Email</th>
                      <th scope="col" className={styles.number}>
                        Total Given
                      </th>
                      <th scope="col" className={styles.number}>
                        Donations
                      </th>
                      <th scope="col">Last Donation</th>
                    </tr>
                  </thead>
                  <tbody>
                    {donors.map((donor) => (
                      <tr key={donor.contactId}>
                        <th scope="row">
                          <Link to={contactPath(donor.contactId)}>{`${donor.firstName} ${donor.lastName}`.trim()}</Link>
                        </th>
                        <td>{donor.email ?? '—'}</td>
                        <td className={styles.number}>{formatUsd(donor.totalGiven)}</td>
                        <td className={styles.number}>{donor.donationCount.toLocaleString('en-US')}</td>
                        <td>{formatDay(donor.lastDonationDate) || '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={page}
                pageCount={Math.ceil(total / DETAIL_PAGE_SIZE)}
                onPageChange={setPage}
                total={total}
                itemLabel="donors"
                label="Donors pages"
              />
            </>
          )
        }
      </QueryState>
    </Card>
  );
}

function Donations({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const query = useCampaignDonations(campaignId, { limit: DETAIL_PAGE_SIZE, offset: (page - 1) * DETAIL_PAGE_SIZE });
  return (
    <Card title="Donation records" aria-label="Donation records" headingLevel={2}>
      <QueryState query={query} what="Donation records">
        {({ donations, total }) =>
          total === 0 ? (
            <EmptyState
              title="No donations yet"
              message="Donations recorded on a contact or imported from a file for this campaign appear here."
              action={<ImportDonationsLink />}
            />
          ) : (
            <>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className={styles.srOnly}>Donation records of this campaign, every status, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Donor</th>
                      <th scope="col" className={styles.number}>
                        Amount
                      </th>
                      <th scope="col">Method</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {donations.map((donation) => (
                      <tr key={donation.id}>
                        <td>{formatDay(donation.donationDate) || '—'}</td>
                        <td>
                          {donation.contact ? (
                            <Link to={contactPath(donation.contact.id)}>{`${donation.contact.firstName} ${donation.contact.lastName}`.trim()}</Link>
                          ) : (
                            'Contact removed'
                          )}
                          {donation.isAnonymous ? <span className={styles.note}> (anonymous)</span> : null}
                        </td>
                        <td className={styles.number}>{formatUsd(donation.donationAmount)}</td>
                        <td>{PAYMENT_METHOD_LABELS[donation.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS] ?? capitalise(donation.paymentMethod)}</td>
                        <td>
                          <Badge tone={donation.status === 'completed' ? 'success' : donation.status === 'pending' ? 'warning' : 'neutral'}>
                            {capitalise(donation.status)}
                          </Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={page}
                pageCount={Math.ceil(total / DETAIL_PAGE_SIZE)}
                onPageChange={setPage}
                total={total}
                itemLabel="records"
                label="Donation records pages"
              />
            </>
          )
        }
      </QueryState>
    </Card>
  );
}

function Events({ campaignId }: { campaignId: string }) {
  const query = useCampaignEvents(campaignId);
  const createLink = (
    <Link to={newEventForCampaignPath(campaignId)} className={buttonClassName({ variant: 'primary' })}>
      Create Event
    </Link>
  );
  return (
    <Card title="Events" aria-label="Events" headingLevel={2}>
      <QueryState query={query} what="Events">
        {({ events }) =>
          events.length === 0 ? (
            <EmptyState title="No events found" message="Events you schedule for this campaign will appear here." action={createLink} />
          ) : (
            <>
              <ul className={styles.events}>
                {events.map((event) => (
                  <li key={event.id} className={styles.event}>
                    <Link to={eventPath(event.id)} className={styles.eventName}>
                      {event.name}
                    </Link>
                    <span className={styles.eventMeta}>
                      {formatEventWhen(event.startDate, event.allDay)}
                      {event.location ? ` · ${event.location}` : ''}
                    </span>
                    <Badge tone="neutral">{capitalise(event.status)}</Badge>
                  </li>
                ))}
              </ul>
              <div className={styles.cardFooter}>{createLink}</div>
            </>
          )
        }
      </QueryState>
    </Card>
  );
}

/** A campaign's own page (/dashboard/campaigns/:id): its figures, money over time, donors, donations and events. */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useCampaign(id);
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  const canWrite = useCan('campaigns.write');

  const back = (
    <Link to={CAMPAIGNS_PATH} className={styles.back}>
      ← Back to Campaigns
    </Link>
  );

  if (query.isPending) {
    return (
      <section className={styles.page} aria-busy="true" aria-label="Loading campaign">
        {back}
        <Skeleton width="50%" height="2rem" />
        <Skeleton lines={4} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.page}>
        {back}
        <ErrorState title="Campaign could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </section>
    );
  }

  const { campaign } = query.data;
  const percent = progressPercent(campaign.amountRaised, campaign.fundraisingGoal);
  const start = formatDay(campaign.startDate);
  const end = formatDay(campaign.endDate);

  return (
    <section className={styles.page}>
      {back}
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          {typeIcon(campaign.campaignType)}
        </span>
        <div className={styles.heading}>
          <h1 className={styles.title}>{campaign.name}</h1>
          <p className={styles.subtitle}>
            {capitalise(campaign.campaignType)}
            {start || end ? ` · ${[start || 'TBD', end || 'TBD'].join(' – ')}` : ''}
            {campaign.committee ? ` · Committee: ${campaign.committee.name}` : ''}
          </p>
        </div>
        <Badge tone={statusTone(campaign.status)}>{capitalise(campaign.status)}</Badge>
        {canWrite ? (
          <div className={styles.actions}>
            <Link to={editCampaignPath(campaign.id)} className={buttonClassName({ variant: 'secondary' })} aria-label={`Edit ${campaign.name}`}>
              Edit
            </Link>
            {campaign.status === 'archived' ? <UnarchiveButton campaign={campaign} /> : null}
            <Button variant="danger" onClick={() => setToDelete(campaign)} aria-label={`Delete ${campaign.name}`}>
              Delete
            </Button>
          </div>
        ) : null}
      </header>

      <Card aria-label="Fundraising progress">
        <div className={styles.progress}>
          <p className={styles.amounts}>
            <span className={styles.raised}>{formatUsd(campaign.amountRaised)}</span>
            <span className={styles.goal}> raised of {formatWholeUsd(campaign.fundraisingGoal)} goal</span>
            <span className={styles.percent}>{formatPercent(percent)}</span>
          </p>
          <ProgressBar value={percent} max={100} label={`${campaign.name} fundraising progress`} showPercent={false} />
        </div>
        <dl className={styles.stats}>
          <div>
            <dt>Donations</dt>
            <dd>{campaign.donationCount.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Contacts</dt>
            <dd>{campaign.contactsReached.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Volunteers</dt>
            <dd>{campaign.volunteersRecruited.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <p className={styles.definition}>{DONATIONS_DEFINITION}</p>
        {campaign.description ? <p className={styles.description}>{campaign.description}</p> : null}
      </Card>

      <RaisedOverTime campaign={campaign} />
      <div className={styles.columns}>
        <Donors campaignId={campaign.id} />
        <Events campaignId={campaign.id} />
      </div>
      <Donations campaignId={campaign.id} />

      <DeleteCampaignDialog campaign={toDelete} onClose={() => setToDelete(null)} onDeleted={() => navigate(CAMPAIGNS_PATH, { replace: true })} />
    </section>
  );
}
