import type { ChangeEvent } from 'react';
import { Select } from '@caucus/design-system';
import { useQuery } from '@caucus/design-system/session';
import { fetchCampaignOptions, financialsKeys } from '../api/financialsApi';

export type CampaignSelectProps = {
  value: string;
  error?: string;
  onChange: (campaignId: string) => void;
};

/** The required campaign of a pledge or donation, from the account's campaigns. */
export function CampaignSelect({ value, error, onChange }: CampaignSelectProps) {
  const campaigns = useQuery({ queryKey: financialsKeys.campaigns, queryFn: ({ signal }) => fetchCampaignOptions(signal) });
  return (
    <Select
      label="Campaign"
      required
      placeholder={campaigns.isPending ? 'Loading campaigns...' : 'Select a campaign'}
      options={(campaigns.data ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
      value={value}
      error={error}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
    />
  );
}
