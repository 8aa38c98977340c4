import { Link } from 'react-router-dom';
import { Badge, ProgressBar, buttonClassName } from '@caucus/design-system';
import type { Campaign } from '@caucus/contract';
import { NEW_CAMPAIGN_PATH } from '../campaigns/paths';
import { formatPercent, formatWholeUsd, progressPercent } from '@caucus/platform';
import styles from './PerformanceWidget.module.css';

export const NO_CAMPAIGNS_MESSAGE = 'No campaigns available. Create your first campaign to get started!';

type WidgetCampaign = Pick<Campaign, 'id' | 'name'> &
  Partial<Pick<Campaign, 'status' | 'isActive'>> & {
    amountRaised: number | string | null;
    fundraisingGoal: number | string | null;
  };

export type PerformanceWidgetProps = {
  campaigns: WidgetCampaign[];
  selectedCampaignId: string | null;
  /** The campaign clicked, or null when the selected one is clicked again (back to all campaigns). */
  onSelect: (id: string | null) => void;
};

function isActive(campaign: WidgetCampaign): boolean {
  return campaign.isActive ?? campaign.status === 'active';
}

/**
 * The dashboard home's Campaign Performance list (docs/product/screens.md, Dashboard home), loaded by
 * the shell through federation; its props are the shell's (docs/design.md, Micro-frontends).
 */
export function PerformanceWidget({ campaigns, selectedCampaignId, onSelect }: PerformanceWidgetProps) {
  if (campaigns.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyText}>{NO_CAMPAIGNS_MESSAGE}</p>
        <Link to={NEW_CAMPAIGN_PATH} className={buttonClassName({ variant: 'primary', size: 'sm' })}>
          Create Campaign
        </Link>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label="Campaign performance">
      {campaigns.map((campaign) => {
        const selected = campaign.id === selectedCampaignId;
        const percent = progressPercent(campaign.amountRaised, campaign.fundraisingGoal);
        const active = isActive(campaign);
        return (
          <li key={campaign.id}>
            <button
              type="button"
              className={selected ? `${styles.item} ${styles.selected}` : styles.item}
              aria-pressed={selected}
              onClick={() => onSelect(selected ? null : campaign.id)}
            >
              <span className={styles.top}>
                <span className={styles.name}>{campaign.name}</span>
                <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
              </span>
              <span className={styles.figures}>
                <span>
                  {formatWholeUsd(campaign.amountRaised)} / {formatWholeUsd(campaign.fundraisingGoal)}
                </span>
                <span className={styles.percent}>{formatPercent(percent)}</span>
              </span>
              <ProgressBar value={percent} max={100} label={`${campaign.name} progress`} showPercent={false} size="sm" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export default PerformanceWidget;
