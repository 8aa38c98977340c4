import { useState, type FormEvent } from 'react';
import { Checkbox, Select, TextField } from '@caucus/design-system';
import { FinancialFormModal } from './FinancialFormModal';
import { toast, useMutation, useQueryClient } from '@caucus/design-system/session';
import { PAYMENT_METHODS, PLEDGE_FREQUENCIES, PLEDGE_STATUSES, savePledge, type Pledge } from '../api/financialsApi';
import {
  optionLabel,
  pledgeBody,
  pledgeDefaults,
  saveErrorMessage,
  validatePledge,
  type FormErrors,
  type PledgeFormValues,
} from '../utils/financialForms';
import { useCampaignOptions } from './useCampaignOptions';
import styles from './Financials.module.css';

export type PledgeModalProps = {
  contactId: string;
  /** The pledge to edit; null adds a new one. */
  pledge: Pledge | null;
  onClose: () => void;
};

const options = (values: readonly string[]) => values.map((value) => ({ value, label: optionLabel(value) }));

export function PledgeModal({ contactId, pledge, onClose }: PledgeModalProps) {
  const queryClient = useQueryClient();
  const campaigns = useCampaignOptions();
  const [values, setValues] = useState<PledgeFormValues>(() => pledgeDefaults(pledge));
  const [errors, setErrors] = useState<FormErrors<PledgeFormValues>>({});
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

  const set = <K extends keyof PledgeFormValues>(key: K, value: PledgeFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

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
      <Select
        label="Campaign"
        required
        placeholder={campaigns.isPending ? 'Loading campaigns...' : 'Select a campaign'}
        options={campaigns.options}
        value={values.campaignId}
        error={errors.campaignId}
        onChange={(e) => set('campaignId', e.target.value)}
      />
      <Select
        label="Frequency"
        options={options(PLEDGE_FREQUENCIES)}
        value={values.frequency}
        onChange={(e) => set('frequency', e.target.value)}
      />
      <Select
        label="Payment Method"
        options={options(PAYMENT_METHODS)}
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
        options={options(PLEDGE_STATUSES)}
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
