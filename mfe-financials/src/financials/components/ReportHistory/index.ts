export { ReportHistory } from './ReportHistory';
