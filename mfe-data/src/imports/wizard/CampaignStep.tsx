import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { ErrorState, Spinner } from '@caucus/design-system';
import { FormSelect } from '@caucus/design-system/form';
import type { ImportCampaignStep } from '@caucus/api/contract';
import { fetchCampaigns, fetchDonationAccounts, importsKeys } from '../api/importsApi';
import styles from './ImportWizard.module.css';

/** Step 1: active campaigns only; the donation account is auto-selected when there is exactly one. */
export function CampaignStep({ form }: { form: UseFormReturn<ImportCampaignStep> }) {
  const campaigns = useQuery({ queryKey: importsKeys.campaigns, queryFn: ({ signal }) => fetchCampaigns(signal) });
  const campaignId = form.watch('campaignId');
  // SPEC point 8: a failed donation-account load yields an empty list, silently.
  const accounts = useQuery({
    queryKey: importsKeys.donationAccounts(campaignId ?? ''),
    queryFn: ({ signal }) => fetchDonationAccounts(campaignId, signal).catch(() => ({ donationAccounts: [] })),
    enabled: Boolean(campaignId),
  });
  const accountList = accounts.data?.donationAccounts ?? [];

  useEffect(() => {
    if (accountList.length === 1) form.setValue('donationAccountId', accountList[0].id);
    else if (!accountList.some((a) => a.id === form.getValues('donationAccountId'))) form.setValue('donationAccountId', '');
  }, [accountList, form]);

  if (campaigns.isPending) return <Spinner label="Loading campaigns" />;
  if (campaigns.isError) return <ErrorState title="Failed to load campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  const active = campaigns.data.campaigns.filter((c) => c.status === 'active');
  return (
    <div className={styles.fields}>
      <FormSelect<ImportCampaignStep>
        name="campaignId"
        label="Campaign"
        required
        placeholder="Select a campaign"
        options={active.map((c) => ({ value: c.id, label: c.name }))}
        hint={active.length === 0 ? 'No active campaigns: activate a campaign first.' : 'Only active campaigns are offered.'}
      />
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
