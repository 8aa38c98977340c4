import { FormSelect } from '@caucus/design-system/form';
import { useQuery } from '@caucus/design-system/session';
import { fetchCampaignOptions, financialsKeys } from '../api/financialsApi';

/** The required campaign of a pledge or donation (the form's `campaignId`), from the account's campaigns. */
export function CampaignSelect() {
  const campaigns = useQuery({ queryKey: financialsKeys.campaigns, queryFn: ({ signal }) => fetchCampaignOptions(signal) });
  return (
    <FormSelect
      name="campaignId"
      label="Campaign"
      required
      placeholder={campaigns.isPending ? 'Loading campaigns...' : 'Select a campaign'}
      options={(campaigns.data ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
    />
  );
}
