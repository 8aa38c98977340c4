import { Card } from '@caucus/design-system';
import styles from './DataPanels.module.css';

// Spec point 2: the Analytics tab shows static sample figures while the real analytics are built.
const SAMPLE_FIGURES = [
  { label: 'Records imported this month', value: '12,480' },
  { label: 'Average rows per file', value: '1,560' },
  { label: 'Import success rate', value: '97.4%' },
  { label: 'Duplicates skipped', value: '318' },
];

export function AnalyticsPanel() {
  return (
    <div className={styles.stack}>
      <p className={styles.note} role="note">
        Data analytics is under development. The figures below are sample values that show what this view will report.
      </p>
      <div className={styles.grid}>
        {SAMPLE_FIGURES.map((figure) => (
          <Card key={figure.label}>
            <p className={styles.figure}>{figure.value}</p>
            <p className={styles.figureLabel}>{figure.label}</p>
          </Card>
        ))}
      </div>
    </div>
  );
}
