export { CashPanel } from './CashPanel';
