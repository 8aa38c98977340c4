export { DonationSettingsTab } from './DonationSettingsTab';
export type { DonationSettingsTabProps } from './DonationSettingsTab';
