export { CompliancePanel, byDeadline } from './CompliancePanel';
export type { CompliancePanelProps } from './CompliancePanel';
