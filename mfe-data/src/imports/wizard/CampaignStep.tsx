import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorState, Spinner } from '@caucus/design-system';
import { FormSelect } from '@caucus/design-system/form';
import type { ImportCampaignStep } from '@caucus/contract';
import { fetchCampaigns, fetchDonationAccounts, importsKeys } from '../api/importsApi';
import styles from './ImportWizard.module.css';

/** Where a campaign is created (the campaigns section's form). */
export const NEW_CAMPAIGN_PATH = '/dashboard/campaigns/new';

/**
 * Step 1: every campaign but the archived ones (a new account's first campaign is a draft, and its
 * first import must not wait for it to be activated); the donation account is auto-selected when
 * there is exactly one.
 */
export function CampaignStep({ form }: { form: UseFormReturn<ImportCampaignStep> }) {
  const campaigns = useQuery({ queryKey: importsKeys.campaigns, queryFn: ({ signal }) => fetchCampaigns(signal) });
  const campaignId = form.watch('campaignId');
  // docs/product/messages.md, Import: a failed donation-account load yields an empty list, silently.
  const accounts = useQuery({
    queryKey: importsKeys.donationAccounts(campaignId ?? ''),
    queryFn: ({ signal }) => fetchDonationAccounts(campaignId, signal).catch(() => ({ donationAccounts: [] })),
    enabled: Boolean(campaignId),
  });
  // One array per answer: a new `[]` each render would run the effect below on every render.
  const accountList = useMemo(() => accounts.data?.donationAccounts ?? [], [accounts.data]);

  useEffect(() => {
    if (accountList.length === 1) form.setValue('donationAccountId', accountList[0].id);
    else if (!accountList.some((a) => a.id === form.getValues('donationAccountId'))) form.setValue('donationAccountId', '');
  }, [accountList, form]);

  if (campaigns.isPending) return <Spinner label="Loading campaigns" />;
  if (campaigns.isError) return <ErrorState title="Failed to load campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  const offered = campaigns.data.campaigns.filter((c) => c.status !== 'archived');
  const statusNote = (status: string) => (status === 'active' ? '' : ` (${status.charAt(0).toUpperCase()}${status.slice(1)})`);
  return (
    <div className={styles.fields}>
      <FormSelect<ImportCampaignStep>
        name="campaignId"
        label="Campaign"
        required
        placeholder="Select a campaign"
        options={offered.map((c) => ({ value: c.id, label: `${c.name}${statusNote(c.status)}` }))}
        hint={
          offered.length === 0
            ? 'No campaigns yet: create one to import into.'
            : 'Gifts in the file are recorded to this campaign. Archived campaigns are not offered.'
        }
      />
      <p className={styles.createCampaign}>
        <Link to={NEW_CAMPAIGN_PATH}>Create a campaign</Link>
      </p>
      {campaignId && accountList.length > 0 ? (
        <FormSelect<ImportCampaignStep>
          name="donationAccountId"
          label="Donation account"
          placeholder="No donation account"
          options={accountList.map((a) => ({ value: a.id, label: a.accountType ? `${a.name} (${a.accountType})` : a.name }))}
          hint="Donations in the file are recorded to this account."
        />
      ) : null}
    </div>
  );
}
