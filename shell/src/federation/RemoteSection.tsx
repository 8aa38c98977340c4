import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { Button, Skeleton } from '@caucus/design-system';
import { analytics, useWorkspacePreferences } from '@caucus/design-system/session';
import { loadSection, type RemoteName } from './remotes';
import styles from './RemoteSection.module.css';

export const SECTION_UNAVAILABLE = 'This section is unavailable';

// One lazy component per remote while its load succeeds, so moving between pages of the same
// section does not flash the skeleton. A failed load is dropped, so Retry loads afresh.
const sectionCache = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

function lazySection(remote: RemoteName): LazyExoticComponent<ComponentType> {
  let cached = sectionCache.get(remote);
  if (!cached) {
    const candidate = lazy(() =>
      loadSection(remote).catch((error: unknown) => {
        if (sectionCache.get(remote) === candidate) sectionCache.delete(remote);
        throw error;
      }),
    );
    sectionCache.set(remote, candidate);
    cached = candidate;
  }
  return cached;
}

/** For tests: forget loaded sections. */
export function clearSectionCache(): void {
  sectionCache.clear();
}

type BoundaryProps = {
  /** What failed, for the console and analytics, e.g. 'mfe_contacts' or 'mfe_events/CalendarWidget'. */
  name: string;
  onRetry: () => void;
  /** The degraded state shown in place of the failed remote. */
  renderFallback: (onRetry: () => void) => ReactNode;
  children: ReactNode;
};
type BoundaryState = { error: Error | null };

/** Contains a remote's load or render failure to its own part of the page (sections and widgets). */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[caucus] remote ${this.props.name} failed`, error, info.componentStack);
    analytics.track('section_unavailable', { remote: this.props.name, message: error.message });
  }

  override render(): ReactNode {
    if (this.state.error) {
      return this.props.renderFallback(this.props.onRetry);
    }
    return this.props.children;
  }
}

function SectionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.unavailable} role="alert">
      <div className={styles.icon} aria-hidden="true">
        !
      </div>
      <h2 className={styles.title}>{SECTION_UNAVAILABLE}</h2>
      <p className={styles.text}>It could not be loaded right now. The rest of Caucus keeps working.</p>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

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

export type RemoteSectionProps = { remote: RemoteName };

/**
 * Renders a remote's `./Section`. A failed load or a render error degrades only this section:
 * it shows SECTION_UNAVAILABLE and a Retry that loads the remote again.
 */
export function RemoteSection({ remote }: RemoteSectionProps) {
  const [attempt, setAttempt] = useState(0);
  const Section = lazySection(remote);
  // The remotes print dates through the shared helpers; subscribing here re-renders the section
  // when the workspace's timezone or date format arrives or changes.
  useWorkspacePreferences();

  const handleRetry = () => {
    sectionCache.delete(remote);
    setAttempt((value) => value + 1);
  };

  return (
    // A new key resets the boundary and remounts the section on Retry.
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      name={remote}
      onRetry={handleRetry}
      renderFallback={(retry) => <SectionUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<SectionSkeleton />}>
        <Section />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
