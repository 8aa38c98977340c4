import type { KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button, TextField } from '@caucus/design-system';
import { FormTextField, FormToggle } from '@caucus/design-system/form';
import { addSuggestedAmount, removeSuggestedAmount, type CampaignFormValues } from '../../../utils/campaignRules';
import { formatAmount } from '@caucus/platform';
import layout from '../CampaignForm.module.css';
import styles from './DonationSettingsTab.module.css';

export type DonationSettingsTabProps = {
  /** The amount being typed, not yet added: the page keeps it, so it survives a visit to another tab. */
  newAmount: string;
  onNewAmountChange: (amount: string) => void;
};

/** The campaign form's Donation Settings tab: public donations, their bounds and the suggested amounts. */
export function DonationSettingsTab({ newAmount, onNewAmountChange }: DonationSettingsTabProps) {
  const { control, setValue } = useFormContext<CampaignFormValues>();
  const suggestedAmounts = useWatch({ control, name: 'suggestedAmounts' });

  const handleAddAmount = () => {
    setValue('suggestedAmounts', addSuggestedAmount(suggestedAmounts, Number(newAmount)));
    onNewAmountChange('');
  };

  const handleAmountKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    handleAddAmount();
  };

  return (
    <div className={layout.stack}>
      <FormToggle<CampaignFormValues>
        label="Allow public donations"
        description="Supporters can give to this campaign from its public donation page."
        name="allowPublicDonations"
      />
      <div className={layout.grid}>
        <FormTextField<CampaignFormValues> label="Minimum Donation ($)" type="number" min={0} step="0.01" name="donationMinimum" />
        <FormTextField<CampaignFormValues> label="Maximum Donation ($)" type="number" min={0} step="0.01" hint="0 means no limit." name="donationMaximum" />
      </div>
      <fieldset className={styles.amounts}>
        <legend className={styles.legend}>Suggested Amounts</legend>
        {suggestedAmounts.length === 0 ? (
          <p className={styles.muted}>No suggested amounts.</p>
        ) : (
          <ul className={styles.chips} aria-label="Suggested amounts">
            {suggestedAmounts.map((amount) => (
              <li key={amount} className={styles.chip}>
                <span>{formatAmount(amount)}</span>
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={`Remove ${formatAmount(amount)}`}
                  onClick={() => setValue('suggestedAmounts', removeSuggestedAmount(suggestedAmounts, amount))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.addRow}>
          <TextField
            label="Add suggested amount"
            type="number"
            min={0}
            step="1"
            value={newAmount}
            onChange={(event) => onNewAmountChange(event.target.value)}
            onKeyDown={handleAmountKeyDown}
          />
          <Button variant="secondary" onClick={handleAddAmount}>
            Add Amount
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
