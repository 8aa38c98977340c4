import { useEffect, type FormEvent } from 'react';
import { Checkbox, Select, TextField } from '@caucus/design-system';
import { FinancialFormModal } from './FinancialFormModal';
import { analytics, toast, useMutation, useQueryClient } from '@caucus/design-system/session';
import { DONATION_STATUSES, PAYMENT_METHODS, saveDonation, type Donation, type Pledge } from '../api/financialsApi';
import {
  choiceOptions,
  donationBody,
  donationDefaults,
  linkablePledges,
  optionLabel,
  saveErrorMessage,
  validateDonation,
  type DonationFormValues,
} from '../utils/financialForms';
import { formatDate, formatMoney } from '../utils/format';
import { CampaignSelect } from './CampaignSelect';
import { useFormValues } from './useFormValues';
import styles from './Financials.module.css';

export type DonationModalProps = {
  contactId: string;
  /** The donation to edit; null adds a new one. */
  donation: Donation | null;
  /** The contact's pledges; only those not fulfilled are offered for linking. */
  pledges: Pledge[];
  onClose: () => void;
};

function pledgeLabel(pledge: Pledge): string {
  return [formatMoney(pledge.pledgeAmount), pledge.campaign?.name, formatDate(pledge.pledgeDate), optionLabel(pledge.status || 'pending')]
    .filter(Boolean)
    .join(' · ');
}

export function DonationModal({ contactId, donation, pledges, onClose }: DonationModalProps) {
  const queryClient = useQueryClient();
  const { values, setValues, errors, setErrors, set } = useFormValues<DonationFormValues>(() => donationDefaults(donation));
  const editing = Boolean(donation);
  const pledgeOptions = linkablePledges(pledges, donation?.pledgeId).map((p) => ({ value: p.id, label: pledgeLabel(p) }));

  useEffect(() => {
    analytics.track('donation_form_viewed', { contactId, mode: donation ? 'edit' : 'create' });
    // Once per opening of the form.
  }, []);

  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof donationBody>) => saveDonation(contactId, donation?.id ?? null, body),
    onSuccess: async () => {
      toast.success(editing ? 'Donation updated successfully' : 'Donation created successfully');
      onClose();
      // A donation moves the contact's total, its pledge and the campaign's totals.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contacts'] }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
      ]);
    },
    onError: (error) => {
      toast.error(saveErrorMessage(error, 'Failed to save donation'));
    },
  });

  const handlePledgeChange = (pledgeId: string) => {
    const linked = pledges.find((p) => p.id === pledgeId);
    const campaignId = linked?.campaignId ?? linked?.campaign?.id;
    // A payment on a pledge usually counts toward the pledge's campaign.
    setValues((current) => ({
      ...current,
      pledgeId,
      campaignId: !current.campaignId && campaignId ? campaignId : current.campaignId,
    }));
    setErrors((current) => ({ ...current, campaignId: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDonation(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const kept = values.paymentMethod === 'in_kind' ? values : { ...values, inKindDescription: '', fairMarketValue: '' };
    mutation.mutate(donationBody(kept));
  };

  return (
    <FinancialFormModal noun="Donation" editing={editing} saving={mutation.isPending} onClose={onClose} onSubmit={handleSubmit}>
      <TextField
        label="Donation Amount"
        type="number"
        min="0.01"
        step="0.01"
        required
        value={values.donationAmount}
        error={errors.donationAmount}
        onChange={(e) => set('donationAmount', e.target.value)}
      />
      <CampaignSelect value={values.campaignId} error={errors.campaignId} onChange={(campaignId) => set('campaignId', campaignId)} />
      <Select
        label="Payment Method"
        options={choiceOptions(PAYMENT_METHODS)}
        value={values.paymentMethod}
        onChange={(e) => set('paymentMethod', e.target.value)}
      />
      {values.paymentMethod === 'check' ? (
        <TextField label="Check Number" value={values.checkNumber} onChange={(e) => set('checkNumber', e.target.value)} />
      ) : null}
      <Select
        label="Status"
        options={choiceOptions(DONATION_STATUSES)}
        value={values.status}
        onChange={(e) => set('status', e.target.value)}
      />
      <TextField
        label="Donation Date"
        type="date"
        required
        value={values.donationDate}
        error={errors.donationDate}
        onChange={(e) => set('donationDate', e.target.value)}
      />
      <TextField
        label="Processed Date"
        type="date"
        value={values.processedDate}
        onChange={(e) => set('processedDate', e.target.value)}
      />
      <Select
        label="Link to Pledge"
        placeholder="No pledge"
        options={pledgeOptions}
        value={values.pledgeId}
        hint="Only pledges that are not fulfilled can be linked"
        onChange={(e) => handlePledgeChange(e.target.value)}
      />
      <TextField label="Transaction ID" value={values.transactionId} onChange={(e) => set('transactionId', e.target.value)} />
      <TextField
        label="Reference Number"
        value={values.referenceNumber}
        onChange={(e) => set('referenceNumber', e.target.value)}
      />
      <TextField
        label="Tax Deductible Amount"
        type="number"
        min="0"
        step="0.01"
        value={values.taxDeductibleAmount}
        onChange={(e) => set('taxDeductibleAmount', e.target.value)}
      />
      <TextField
        label="Net Amount"
        type="number"
        min="0"
        step="0.01"
        value={values.netAmount}
        onChange={(e) => set('netAmount', e.target.value)}
      />
      {values.paymentMethod === 'in_kind' ? (
        <>
          <TextField
            label="In-Kind Description"
            value={values.inKindDescription}
            onChange={(e) => set('inKindDescription', e.target.value)}
          />
          <TextField
            label="Fair Market Value"
            type="number"
            min="0"
            step="0.01"
            value={values.fairMarketValue}
            onChange={(e) => set('fairMarketValue', e.target.value)}
          />
        </>
      ) : null}
      <Checkbox label="Anonymous donation" checked={values.isAnonymous} onChange={(e) => set('isAnonymous', e.target.checked)} />
      <Checkbox label="Recurring donation" checked={values.isRecurring} onChange={(e) => set('isRecurring', e.target.checked)} />
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
