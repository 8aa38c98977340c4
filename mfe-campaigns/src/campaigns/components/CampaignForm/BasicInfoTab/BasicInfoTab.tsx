import { useFormContext } from 'react-hook-form';
import { FormSelect, FormTextField } from '@caucus/design-system/form';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, slugify, type CampaignFormValues } from '../../../utils/campaignRules';
import { capitalise } from '../../../utils/format';
import layout from '../CampaignForm.module.css';

const TYPE_OPTIONS = CAMPAIGN_TYPES.map((value) => ({ value, label: capitalise(value) }));
const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((value) => ({ value, label: capitalise(value) }));

export type BasicInfoTabProps = {
  /** Editing a saved campaign: its slug no longer follows its name. */
  isEdit: boolean;
};

/** The campaign form's Basic Info tab: name and slug, type, status and description. */
export function BasicInfoTab({ isEdit }: BasicInfoTabProps) {
  const { setValue, clearErrors } = useFormContext<CampaignFormValues>();

  const handleNameChange = (name: string) => {
    // On create only: an existing campaign's slug is part of its public address and stays put.
    if (!isEdit) {
      setValue('slug', slugify(name));
      clearErrors('slug');
    }
  };

  return (
    <div className={layout.grid}>
      <FormTextField<CampaignFormValues> label="Campaign Name" required name="name" onValueChange={handleNameChange} />
      <FormTextField<CampaignFormValues> label="Slug" required hint="Used in the campaign's public address." name="slug" />
      <FormSelect<CampaignFormValues> label="Campaign Type" required options={TYPE_OPTIONS} placeholder="Select a type" name="campaignType" />
      <FormSelect<CampaignFormValues> label="Status" options={STATUS_OPTIONS} name="status" />
      <FormTextField<CampaignFormValues> className={layout.wide} multiline label="Description" name="description" />
    </div>
  );
}
