export { CommitteeDialog } from './CommitteeDialog';
export type { CommitteeDialogProps, CommitteeFormValues } from './CommitteeDialog';
