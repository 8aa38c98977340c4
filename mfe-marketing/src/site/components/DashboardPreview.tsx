import { ProgressBar, Tabs } from '@caucus/design-system';
import { formatWholeUsd } from '@caucus/platform';
import styles from './DashboardPreview.module.css';

// Static sample figures: a picture of the workspace, not live data (docs/product/screens.md, Public site).
const METRICS = [
  { label: 'Total Contacts', value: '2,847' },
  { label: 'Total Raised', value: '$127,500' },
  { label: 'Active Campaigns', value: '3' },
];

const CONTACTS = [
  { name: 'Maria Gonzalez', detail: 'Springfield, IL', amount: '$2,500' },
  { name: 'James Carter', detail: 'Columbus, OH', amount: '$1,200' },
  { name: 'Aisha Patel', detail: 'Madison, WI', amount: '$850' },
];

const CAMPAIGNS = [
  { name: 'Spring Fundraising Drive', raised: 62000, goal: 80000 },
  { name: 'Get Out The Vote', raised: 41000, goal: 50000 },
  { name: 'Community Town Halls', raised: 24500, goal: 40000 },
];


export function DashboardPreview() {
  return (
    <div className={styles.frame} aria-label="Product preview with sample data" role="group">
      <Tabs
        label="Product preview"
        items={[
          {
            id: 'dashboard',
            label: 'Dashboard',
            content: (
              <div className={styles.metrics}>
                {METRICS.map((metric) => (
                  <div key={metric.label} className={styles.metric}>
                    <span className={styles.metricLabel}>{metric.label}</span>
                    <span className={styles.metricValue}>{metric.value}</span>
                  </div>
                ))}
              </div>
            ),
          },
          {
            id: 'contacts',
            label: 'Contacts',
            content: (
              <ul className={styles.rows}>
                {CONTACTS.map((contact) => (
                  <li key={contact.name} className={styles.row}>
                    <span>
                      <strong>{contact.name}</strong>
                      <span className={styles.muted}>{contact.detail}</span>
                    </span>
                    <span className={styles.amount}>{contact.amount}</span>
                  </li>
                ))}
              </ul>
            ),
          },
          {
            id: 'campaigns',
            label: 'Campaigns',
            content: (
              <ul className={styles.rows}>
                {CAMPAIGNS.map((campaign) => (
                  <li key={campaign.name} className={styles.campaign}>
                    <span className={styles.campaignHead}>
                      <strong>{campaign.name}</strong>
                      <span className={styles.muted}>
                        {formatWholeUsd(campaign.raised)} of {formatWholeUsd(campaign.goal)}
                      </span>
                    </span>
                    <ProgressBar value={campaign.raised} max={campaign.goal} label={`${campaign.name} progress`} size="sm" />
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}
