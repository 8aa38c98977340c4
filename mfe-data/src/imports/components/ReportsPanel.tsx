import { Button, Card } from '@caucus/design-system';
import styles from './DataPanels.module.css';

const REPORTS = [
  { title: 'Donation Report', description: 'Every donation by date, campaign, method and donor.' },
  { title: 'Contact Report', description: 'Your supporters with their status, location and giving totals.' },
  { title: 'Campaign Performance', description: 'Raised against goal, donors and reach for each campaign.' },
  { title: 'Financial Summary', description: 'Pledged, fulfilled and received amounts across the account.' },
];

export function ReportsPanel() {
  return (
    <div className={styles.grid}>
      {REPORTS.map((report) => (
        <Card
          key={report.title}
          title={report.title}
          headingLevel={3}
          footer={
            // Report generation is not available yet; the button says so instead of doing nothing silently.
            <Button variant="secondary" size="sm" disabled>
              Generate (coming soon)
            </Button>
          }
        >
          <p className={styles.description}>{report.description}</p>
        </Card>
      ))}
    </div>
  );
}
