import { Component, type ErrorInfo, type ReactNode } from 'react';
import { analytics } from '@caucus/platform';

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
