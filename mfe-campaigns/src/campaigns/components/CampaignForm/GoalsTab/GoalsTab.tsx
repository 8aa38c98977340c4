import { FormTextField } from '@caucus/design-system/form';
import type { CampaignFormValues } from '../../../utils/campaignRules';
import layout from '../CampaignForm.module.css';

/** The campaign form's Goals & Targets tab: money, contacts and volunteers to reach. */
export function GoalsTab() {
  return (
    <div className={layout.grid}>
      <FormTextField<CampaignFormValues> label="Fundraising Goal ($)" type="number" min={0} step="0.01" name="fundraisingGoal" />
      <FormTextField<CampaignFormValues> label="Contact Goal" type="number" min={0} step="1" name="contactGoal" />
      <FormTextField<CampaignFormValues> label="Volunteer Goal" type="number" min={0} step="1" name="volunteerGoal" />
    </div>
  );
}
