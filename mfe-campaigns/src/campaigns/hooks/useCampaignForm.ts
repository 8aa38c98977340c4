import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { campaignFormSchema, type CampaignFormValues } from '../utils/campaignRules';

/**
 * The campaign form over the contract's rules (docs/adr/0004-forms-from-the-contract.md), made once
 * by the page; its tabs read it from the surrounding Form.
 */
export function useCampaignForm(initialValues: CampaignFormValues) {
  return useForm<CampaignFormValues>({
    // raw: the body is shaped from the fields as typed (shapeCampaignForSave); the contract only validates.
    resolver: zodResolver(campaignFormSchema, undefined, { raw: true }),
    defaultValues: initialValues,
    reValidateMode: 'onSubmit',
  });
}
