import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, Skeleton } from '@caucus/design-system';
import { loadWidget, type RemoteName, type WidgetName } from './remotes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import styles from './RemoteWidget.module.css';

export const WIDGET_UNAVAILABLE = 'This widget is unavailable';

type AnyWidget = LazyExoticComponent<ComponentType<object>>;

// Same caching rule as sections: keep a successful load, drop a failed one so Retry loads afresh.
const widgetCache = new Map<string, AnyWidget>();

function lazyWidget(remote: RemoteName, widget: WidgetName): AnyWidget {
  const key = `${remote}/${widget}`;
  let cached = widgetCache.get(key);
  if (!cached) {
    const candidate: AnyWidget = lazy(() =>
      loadWidget(remote, widget).catch((error: unknown) => {
        if (widgetCache.get(key) === candidate) widgetCache.delete(key);
        throw error;
      }),
    );
    widgetCache.set(key, candidate);
    cached = candidate;
  }
  return cached;
}

/** For tests: forget loaded widgets. */
export function clearWidgetCache(): void {
  widgetCache.clear();
}

function WidgetUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.unavailable} role="alert">
      <p className={styles.title}>{WIDGET_UNAVAILABLE}</p>
      <p className={styles.text}>It could not be loaded right now. The rest of the dashboard keeps working.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function WidgetSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label={label}>
      <Skeleton width="30%" height={20} />
      <Skeleton lines={4} />
    </div>
  );
}

export type RemoteWidgetProps<P extends object> = {
  remote: RemoteName;
  widget: WidgetName;
  props: P;
  /** Accessible name of the skeleton while the widget loads. */
  loadingLabel: string;
};

/**
 * Renders a remote's widget with its own error boundary: a failed load or render shows
 * WIDGET_UNAVAILABLE in the widget's place only, with a Retry that loads it again.
 */
export function RemoteWidget<P extends object>({ remote, widget, props, loadingLabel }: RemoteWidgetProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // The remote's props type is the contract (docs/design.md, Micro-frontends); the loader cannot know it.
  const Widget = lazyWidget(remote, widget) as unknown as ComponentType<P>;

  const handleRetry = () => {
    widgetCache.delete(`${remote}/${widget}`);
    setAttempt((value) => value + 1);
  };

  return (
    <RemoteErrorBoundary
      key={`${remote}/${widget}:${attempt}`}
      name={`${remote}/${widget}`}
      onRetry={handleRetry}
      renderFallback={(retry) => <WidgetUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<WidgetSkeleton label={loadingLabel} />}>
        <Widget {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
