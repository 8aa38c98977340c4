export { ImportDisbursementsDialog } from './ImportDisbursementsDialog';
