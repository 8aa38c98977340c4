// Public surface of the financials feature; the contact form renders FinancialsTab.
export { FinancialsTab, FINANCIALS_NEED_SAVED_CONTACT } from './components/FinancialsTab';
export type { FinancialsTabProps } from './components/FinancialsTab';
