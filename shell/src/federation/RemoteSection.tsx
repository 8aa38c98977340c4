import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Button } from '@caucus/design-system';
import { useWorkspacePreferences } from '@caucus/platform';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { SectionSkeleton } from './SectionSkeleton';
import { loadSection, type RemoteName } from './remotes';
import styles from './RemoteSection.module.css';

// Loaded with the first section the user opens, not with the dashboard's home (ADR 0014): the
// routes render it through LazyRemoteSection.
export { RemoteErrorBoundary, SectionSkeleton };

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
    <RemoteErrorBoundary key={`${remote}:${attempt}`} name={remote} onRetry={handleRetry} renderFallback={(retry) => <SectionUnavailable onRetry={retry} />}>
      <Suspense fallback={<SectionSkeleton />}>
        <Section />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
