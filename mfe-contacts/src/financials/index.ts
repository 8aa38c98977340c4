// Public surface of the financials feature; the contact form renders FinancialsTab, the contact
// detail ContactGiving.
export { FinancialsTab, FINANCIALS_NEED_SAVED_CONTACT } from './components/FinancialsTab';
export type { FinancialsTabProps } from './components/FinancialsTab';
export { ContactGiving } from './components/ContactGiving';
export type { ContactGivingProps } from './components/ContactGiving';
export { CREATE_CAMPAIGN_FIRST, CAMPAIGNS_SECTION_URL } from './components/CampaignSelect';
