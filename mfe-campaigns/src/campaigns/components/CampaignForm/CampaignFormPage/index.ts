export { CampaignFormPage } from './CampaignFormPage';
