export { MergeDialog, defaultChoices, type MergeDialogProps } from './MergeDialog';
