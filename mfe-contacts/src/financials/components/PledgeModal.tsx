import type { FormEvent } from 'react';
import { Checkbox, Select, TextField } from '@caucus/design-system';
import { FinancialFormModal } from './FinancialFormModal';
import { toast, useMutation, useQueryClient } from '@caucus/design-system/session';
import { PAYMENT_METHODS, PLEDGE_FREQUENCIES, PLEDGE_STATUSES, savePledge, type Pledge } from '../api/financialsApi';
import {
  choiceOptions,
  pledgeBody,
  pledgeDefaults,
  saveErrorMessage,
  validatePledge,
  type PledgeFormValues,
} from '../utils/financialForms';
import { CampaignSelect } from './CampaignSelect';
import { useFormValues } from './useFormValues';
import styles from './Financials.module.css';

export type PledgeModalProps = {
  contactId: string;
  /** The pledge to edit; null adds a new one. */
  pledge: Pledge | null;
  onClose: () => void;
};

export function PledgeModal({ contactId, pledge, onClose }: PledgeModalProps) {
  const queryClient = useQueryClient();
  const { values, errors, setErrors, set } = useFormValues<PledgeFormValues>(() => pledgeDefaults(pledge));
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePledge(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(pledgeBody(values));
  };

  return (
    <FinancialFormModal noun="Pledge" editing={editing} saving={mutation.isPending} onClose={onClose} onSubmit={handleSubmit}>
      <TextField
        label="Pledge Amount"
        type="number"
        min="0.01"
        step="0.01"
        required
        value={values.pledgeAmount}
        error={errors.pledgeAmount}
        onChange={(e) => set('pledgeAmount', e.target.value)}
      />
      <CampaignSelect value={values.campaignId} error={errors.campaignId} onChange={(campaignId) => set('campaignId', campaignId)} />
      <Select
        label="Frequency"
        options={choiceOptions(PLEDGE_FREQUENCIES)}
        value={values.frequency}
        onChange={(e) => set('frequency', e.target.value)}
      />
      <Select
        label="Payment Method"
        options={choiceOptions(PAYMENT_METHODS)}
        value={values.paymentMethod}
        onChange={(e) => set('paymentMethod', e.target.value)}
      />
      <TextField
        label="Pledge Date"
        type="date"
        required
        value={values.pledgeDate}
        error={errors.pledgeDate}
        onChange={(e) => set('pledgeDate', e.target.value)}
      />
      <TextField label="Due Date" type="date" value={values.dueDate} onChange={(e) => set('dueDate', e.target.value)} />
      <Select
        label="Status"
        options={choiceOptions(PLEDGE_STATUSES)}
        value={values.status}
        onChange={(e) => set('status', e.target.value)}
      />
      <Checkbox
        label="Anonymous pledge"
        checked={values.isAnonymous}
        onChange={(e) => set('isAnonymous', e.target.checked)}
      />
      <TextField
        className={styles.full}
        label="Notes"
        multiline
        rows={3}
        value={values.notes}
        onChange={(e) => set('notes', e.target.value)}
      />
    </FinancialFormModal>
  );
}
