import type { CampaignFormField } from '../../utils/campaignRules';

export type CampaignTabId = 'basic' | 'goals' | 'committees' | 'donations' | 'timeline';

/** The campaign form's tabs and the fields each holds, so an error opens and marks its tab. */
export const FORM_TABS: { id: CampaignTabId; label: string; fields: CampaignFormField[] }[] = [
  { id: 'basic', label: 'Basic Info', fields: ['name', 'slug', 'description', 'campaignType', 'status'] },
  { id: 'goals', label: 'Goals & Targets', fields: ['fundraisingGoal', 'contactGoal', 'volunteerGoal'] },
  { id: 'committees', label: 'Committees & Accounts', fields: ['committeeId', 'donationAccountId'] },
  {
    id: 'donations',
    label: 'Donation Settings',
    fields: ['allowPublicDonations', 'donationMinimum', 'donationMaximum', 'suggestedAmounts'],
  },
  { id: 'timeline', label: 'Timeline', fields: ['startDate', 'endDate'] },
];
