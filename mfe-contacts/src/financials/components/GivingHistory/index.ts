export { GivingHistory } from './GivingHistory';
export type { GivingHistoryProps, HistoryQuery } from './GivingHistory';
