import { FormTextField } from '@caucus/design-system/form';
import type { CampaignFormValues } from '../../../utils/campaignRules';
import layout from '../CampaignForm.module.css';

/** The campaign form's Timeline tab: the calendar days the campaign runs. */
export function TimelineTab() {
  return (
    <div className={layout.grid}>
      <FormTextField<CampaignFormValues> label="Start Date" type="date" name="startDate" />
      <FormTextField<CampaignFormValues> label="End Date" type="date" name="endDate" />
    </div>
  );
}
