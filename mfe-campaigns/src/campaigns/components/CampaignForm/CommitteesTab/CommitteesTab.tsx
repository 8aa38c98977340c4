import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@caucus/design-system';
import { FormSelect } from '@caucus/design-system/form';
import { CommitteeDialog } from '../../../../committees/components/CommitteeDialog';
import { useCommittees, useDonationAccounts } from '../../../hooks/useCampaigns';
import type { CampaignFormValues } from '../../../utils/campaignRules';
import { capitalise } from '../../../utils/format';
import layout from '../CampaignForm.module.css';
import styles from './CommitteesTab.module.css';

export type CommitteesTabProps = {
  /** The campaign being edited, null for a new one: which donation accounts it may use. */
  campaignId: string | null;
};

/** The campaign form's Committees & Accounts tab: the committee (new or edited in place) and the donation account. */
export function CommitteesTab({ campaignId }: CommitteesTabProps) {
  const { control, setValue } = useFormContext<CampaignFormValues>();
  const chosenCommittee = useWatch({ control, name: 'committeeId' });
  // 'new', a committee id to edit, or closed.
  const [committeeDialog, setCommitteeDialog] = useState<string | null>(null);
  const committees = useCommittees();
  const donationAccounts = useDonationAccounts(campaignId);

  const committeeOptions = (committees.data ?? []).map((committee) => ({
    value: committee.id,
    label: committee.committeeType ? `${committee.name} (${capitalise(committee.committeeType)})` : committee.name,
  }));
  const accountOptions = (donationAccounts.data ?? []).map((account) => ({
    value: account.id,
    label: account.accountType ? `${account.name} (${capitalise(account.accountType)})` : account.name,
  }));

  return (
    <div className={layout.grid}>
      <FormSelect<CampaignFormValues>
        label="Committee"
        options={committeeOptions}
        placeholder="No committee"
        hint={committees.isError ? 'Committees could not be loaded.' : undefined}
        name="committeeId"
      />
      <div className={styles.committeeActions}>
        <Button variant="secondary" size="sm" onClick={() => setCommitteeDialog('new')}>
          New committee
        </Button>
        <Button variant="secondary" size="sm" disabled={!chosenCommittee} onClick={() => setCommitteeDialog(chosenCommittee || null)}>
          Edit committee
        </Button>
      </div>
      {committeeDialog ? (
        <CommitteeDialog
          committeeId={committeeDialog === 'new' ? null : committeeDialog}
          onClose={() => setCommitteeDialog(null)}
          onSaved={(committee) => {
            // A new committee is the one this campaign is for.
            setValue('committeeId', committee.id, { shouldDirty: true });
            setCommitteeDialog(null);
          }}
        />
      ) : null}
      <FormSelect<CampaignFormValues> label="Donation Account" options={accountOptions} placeholder="No donation account" name="donationAccountId" />
    </div>
  );
}
