import { Badge, Card } from '@caucus/design-system';
import type { ImportRecord } from '../api/importsApi';
import { formatDateTime, humanise, importTypeIcon, statusTone, visibleErrors } from '../utils/format';
import styles from './ImportCard.module.css';

export function ImportCard({ record }: { record: ImportRecord }) {
  const titleId = `import-${record.id}`;
  const { shown, more } = visibleErrors(record.errors);
  return (
    <Card>
      <article aria-labelledby={titleId} className={styles.body}>
        <span className={styles.icon} aria-hidden="true">
          {importTypeIcon(record.importType)}
        </span>
        <div className={styles.main}>
          <div className={styles.top}>
            <h3 id={titleId} className={styles.file}>
              {record.fileName}
            </h3>
            <Badge tone={statusTone(record.status)}>{humanise(record.status)}</Badge>
          </div>
          <p className={styles.meta}>
            {humanise(record.importType)}
            {record.campaignName ? ` · ${record.campaignName}` : ''}
          </p>
          <p className={styles.counts}>
            <span className={styles.imported}>{record.recordsImported.toLocaleString('en-US')} imported</span>
            {record.recordsSkipped > 0 ? (
              <span className={styles.skipped}>{record.recordsSkipped.toLocaleString('en-US')} skipped</span>
            ) : null}
          </p>
          {shown.length > 0 ? (
            <ul className={styles.errors} aria-label="Import errors">
              {shown.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
              {more > 0 ? <li className={styles.more}>+{more} more errors</li> : null}
            </ul>
          ) : null}
          <p className={styles.when}>
            {formatDateTime(record.createdAt)}
            {record.createdBy ? ` by ${record.createdBy}` : ''}
          </p>
        </div>
      </article>
    </Card>
  );
}
