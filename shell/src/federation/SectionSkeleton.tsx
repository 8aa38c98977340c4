import { Skeleton } from '@caucus/design-system';
import styles from './RemoteSection.module.css';

/** What a section shows while its code loads (the shell's chunk, then the remote's). */
export function SectionSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label="Loading section">
      <Skeleton width="40%" height={28} />
      <Skeleton lines={3} />
      <div className={styles.skeletonGrid}>
        <Skeleton height={120} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    </div>
  );
}
