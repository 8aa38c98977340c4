import { Badge, Button, Card, ProgressBar, buttonClassName } from '@caucus/design-system';
import { Link } from 'react-router-dom';
import { useCan } from '@caucus/platform';
import type { Campaign } from '../api/campaignsApi';
import { campaignPath, editCampaignPath } from '../paths';
import { formatDay, formatPercent, formatWholeUsd, progressPercent } from '@caucus/platform';
import { capitalise, statusTone, typeIcon } from '../utils/format';
import styles from './CampaignCard.module.css';

export type CampaignCardProps = {
  campaign: Campaign;
  onDelete: (campaign: Campaign) => void;
};

export function CampaignCard({ campaign, onDelete }: CampaignCardProps) {
  const percent = progressPercent(campaign.amountRaised, campaign.fundraisingGoal);
  const start = formatDay(campaign.startDate);
  const end = formatDay(campaign.endDate);
  const titleId = `campaign-${campaign.id}`;
  const canWrite = useCan('campaigns.write');

  return (
    <Card className={styles.card}>
      <article aria-labelledby={titleId} className={styles.body}>
        <div className={styles.top}>
          <span className={styles.icon} aria-hidden="true">
            {typeIcon(campaign.campaignType)}
          </span>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.name}>
              {/* The name opens the campaign's own page; the card's buttons stay separate targets. */}
              <Link to={campaignPath(campaign.id)} className={styles.nameLink}>
                {campaign.name}
              </Link>
            </h2>
            <p className={styles.type}>{capitalise(campaign.campaignType)}</p>
          </div>
          <Badge tone={statusTone(campaign.status)}>{capitalise(campaign.status)}</Badge>
        </div>

        <div className={styles.progress}>
          <div className={styles.amounts}>
            <span className={styles.raised}>{formatWholeUsd(campaign.amountRaised)}</span>
            <span className={styles.goal}>of {formatWholeUsd(campaign.fundraisingGoal)}</span>
            <span className={styles.percent}>{formatPercent(percent)}</span>
          </div>
          <ProgressBar value={percent} max={100} label={`${campaign.name} fundraising progress`} showPercent={false} />
        </div>

        <dl className={styles.stats}>
          <div>
            <dt>Donations</dt>
            <dd>{(campaign.donationCount ?? 0).toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Contacts</dt>
            <dd>{(campaign.contactsReached ?? 0).toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Volunteers</dt>
            <dd>{(campaign.volunteersRecruited ?? 0).toLocaleString('en-US')}</dd>
          </div>
        </dl>

        {campaign.committee || campaign.donationAccount || start || end ? (
          <ul className={styles.meta}>
            {campaign.committee ? <li>Committee: {campaign.committee.name}</li> : null}
            {campaign.donationAccount ? <li>Account: {campaign.donationAccount.name}</li> : null}
            {start || end ? <li>{[start || 'TBD', end || 'TBD'].join(' – ')}</li> : null}
          </ul>
        ) : null}

        <div className={styles.actions}>
          <Link to={campaignPath(campaign.id)} className={buttonClassName({ variant: 'primary', size: 'sm' })} aria-label={`View ${campaign.name}`}>
            View
          </Link>
          {canWrite ? (
            <>
              <Link to={editCampaignPath(campaign.id)} className={buttonClassName({ variant: 'secondary', size: 'sm' })} aria-label={`Edit ${campaign.name}`}>
                Edit
              </Link>
              <Button variant="danger" size="sm" onClick={() => onDelete(campaign)} aria-label={`Delete ${campaign.name}`}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </article>
    </Card>
  );
}
