export { DisbursementDialog } from './DisbursementDialog';
export type { DisbursementDialogProps } from './DisbursementDialog';
