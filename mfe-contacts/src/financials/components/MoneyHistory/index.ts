export { MoneyHistory } from './MoneyHistory';
export type { MoneyHistoryProps } from './MoneyHistory';
export { GiftHistoryModal } from './GiftHistoryModal';
