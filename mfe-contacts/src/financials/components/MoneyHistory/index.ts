export { MoneyHistory } from './MoneyHistory';
export type { MoneyHistoryProps } from './MoneyHistory';
