export { ReportsPanel } from './ReportsPanel';
