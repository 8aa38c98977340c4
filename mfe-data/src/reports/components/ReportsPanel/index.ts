export { ReportsPanel } from './ReportsPanel';
export type { ReportsPanelProps } from './ReportsPanel';
