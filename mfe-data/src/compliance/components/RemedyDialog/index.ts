export { RemedyDialog, REMEDY_LABELS } from './RemedyDialog';
export type { RemedyDialogProps } from './RemedyDialog';
