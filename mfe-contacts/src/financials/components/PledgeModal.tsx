import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { pledgeFormInput } from '@caucus/contract';
import { FinancialFormModal } from './FinancialFormModal';
import { toast, useMutation, useQueryClient } from '@caucus/platform';
import { PAYMENT_METHODS, PLEDGE_FREQUENCIES, PLEDGE_STATUSES, savePledge, type Pledge } from '../api/financialsApi';
import { choiceOptions, pledgeBody, pledgeDefaults, saveErrorMessage, type PledgeFormValues } from '../utils/financialForms';
import { CampaignSelect } from './CampaignSelect';
import styles from './Financials.module.css';

export type PledgeModalProps = {
  contactId: string;
  /** The pledge to edit; null adds a new one. */
  pledge: Pledge | null;
  onClose: () => void;
};

export function PledgeModal({ contactId, pledge, onClose }: PledgeModalProps) {
  const queryClient = useQueryClient();
  const form = useForm<PledgeFormValues>({
    // raw: the body is shaped from the fields as typed (empty fields dropped, ISO dates: docs/product/validation.md).
    resolver: zodResolver(pledgeFormInput, undefined, { raw: true }),
    defaultValues: pledgeDefaults(pledge),
    reValidateMode: 'onSubmit',
  });
  const editing = Boolean(pledge);

  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof pledgeBody>) => savePledge(contactId, pledge?.id ?? null, body),
    onSuccess: async () => {
      toast.success(editing ? 'Pledge updated successfully' : 'Pledge created successfully');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
    },
    onError: (error) => {
      toast.error(saveErrorMessage(error, 'Failed to save pledge'));
    },
  });

  const handleSubmit = (values: PledgeFormValues) => mutation.mutate(pledgeBody(values));

  return (
    <FinancialFormModal noun="Pledge" editing={editing} saving={mutation.isPending} form={form} onClose={onClose} onSubmit={handleSubmit}>
      <FormTextField<PledgeFormValues> name="pledgeAmount" label="Pledge Amount" type="number" min="0.01" step="0.01" required />
      <CampaignSelect />
      <FormSelect<PledgeFormValues> name="frequency" label="Frequency" options={choiceOptions(PLEDGE_FREQUENCIES)} />
      <FormSelect<PledgeFormValues> name="paymentMethod" label="Payment Method" options={choiceOptions(PAYMENT_METHODS)} />
      <FormTextField<PledgeFormValues> name="pledgeDate" label="Pledge Date" type="date" required />
      <FormTextField<PledgeFormValues> name="dueDate" label="Due Date" type="date" />
      <FormSelect<PledgeFormValues> name="status" label="Status" options={choiceOptions(PLEDGE_STATUSES)} />
      <FormCheckbox<PledgeFormValues> name="isAnonymous" label="Anonymous pledge" />
      <FormTextField<PledgeFormValues> name="notes" label="Notes" className={styles.full} multiline rows={3} />
    </FinancialFormModal>
  );
}
