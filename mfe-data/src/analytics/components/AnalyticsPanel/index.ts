export { AnalyticsPanel } from './AnalyticsPanel';
export type { AnalyticsPanelProps } from './AnalyticsPanel';
