export { PartialFailureAlert } from './PartialFailureAlert';
export type { PartialFailure, PartialFailureAlertProps } from './PartialFailureAlert';
