export { FinancialsPage, FINANCIALS_SUBTITLE } from './FinancialsPage';
