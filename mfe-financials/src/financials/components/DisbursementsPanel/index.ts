export { DisbursementsPanel } from './DisbursementsPanel';
