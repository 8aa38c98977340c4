import { buttonClassName } from '@caucus/design-system';
import { FormSelect } from '@caucus/design-system/form';
import { useQuery } from '@caucus/platform';
import { fetchCampaignOptions, financialsKeys } from '../api/financialsApi';
import styles from './Financials.module.css';

/** Without a campaign (docs/product/screens.md, Contacts), the pledge and donation forms offer this, opening the campaigns section. */
export const CREATE_CAMPAIGN_FIRST = 'Create Campaign First';
export const CAMPAIGNS_SECTION_URL = '/dashboard?section=campaigns';

/** The required campaign of a pledge or donation (the form's `campaignId`), from the account's campaigns. */
export function CampaignSelect() {
  const campaigns = useQuery({
    queryKey: financialsKeys.campaigns,
    queryFn: ({ signal }) => fetchCampaignOptions(signal),
    // The campaign is made in another tab: coming back to this one picks it up.
    refetchOnWindowFocus: (query) => (query.state.data?.length === 0 ? 'always' : false),
  });
  const noCampaigns = campaigns.isSuccess && campaigns.data.length === 0;
  return (
    <>
      <FormSelect
        name="campaignId"
        label="Campaign"
        required
        placeholder={campaigns.isPending ? 'Loading campaigns...' : noCampaigns ? 'No campaigns yet' : 'Select a campaign'}
        options={(campaigns.data ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
      />
      {noCampaigns ? (
        <div className={`${styles.full} ${styles.noCampaign}`} role="note">
          <p>
            Every pledge and donation belongs to a campaign, and this account has none yet. The campaigns page opens in a new tab; come back here once it is
            saved.
          </p>
          <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={CAMPAIGNS_SECTION_URL} target="_blank" rel="noopener noreferrer">
            {CREATE_CAMPAIGN_FIRST}
          </a>
        </div>
      ) : null}
    </>
  );
}
