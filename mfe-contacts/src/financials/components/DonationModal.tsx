import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { donationFormInput, futureDateWarning, largeAmountWarning } from '@caucus/contract';
import { usePlausibility } from '../../shared/PlausibilityWarnings';
import { FinancialFormModal } from './FinancialFormModal';
import { ApiError, analytics, toast, useMutation, useQuery, useQueryClient, formatDay, formatUsd, workspaceCalendarDate } from '@caucus/platform';
import {
  DONATION_STATUSES,
  PAYMENT_METHODS,
  fetchCampaignOptions,
  fetchContributionLimits,
  financialsKeys,
  saveDonation,
  type Donation,
  type Pledge,
} from '../api/financialsApi';
import { designationPreview, overLimitWarning } from '../utils/electionLimits';
import {
  choiceOptions,
  donationBody,
  donationDefaults,
  linkablePledges,
  optionLabel,
  saveErrorMessage,
  type DonationFormValues,
} from '../utils/financialForms';
import { CampaignSelect } from './CampaignSelect';
import { ElectionDesignation } from './ElectionDesignation';
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
  return [formatUsd(pledge.pledgeAmount), pledge.campaign?.name, formatDay(pledge.pledgeDate), optionLabel(pledge.status || 'pending')]
    .filter(Boolean)
    .join(' · ');
}

export function DonationModal({ contactId, donation, pledges, onClose }: DonationModalProps) {
  const queryClient = useQueryClient();
  const form = useForm<DonationFormValues>({
    // raw: the body is shaped from the fields as typed (empty fields dropped, ISO dates: docs/product/validation.md).
    resolver: zodResolver(donationFormInput, undefined, { raw: true }),
    defaultValues: donationDefaults(donation),
    reValidateMode: 'onSubmit',
  });
  const paymentMethod = form.watch('paymentMethod');
  const amountText = form.watch('donationAmount');
  const amount = amountText === '' || amountText === undefined || amountText === null ? null : Number(amountText);
  const campaignId = form.watch('campaignId');
  // The same query as the campaign select's: the chosen campaign's committee holds the elections.
  const campaigns = useQuery({ queryKey: financialsKeys.campaigns, queryFn: ({ signal }) => fetchCampaignOptions(signal) });
  const committeeOf = (id: string | null | undefined) => campaigns.data?.find((c) => c.id === id)?.committeeId ?? null;
  const committeeId = committeeOf(campaignId);
  const originalCommitteeId = committeeOf(donation?.campaignId ?? donation?.campaign?.id);
  // The election designation's query (the same key, one request): the contributor's aggregate before this gift.
  const limits = useQuery({
    queryKey: financialsKeys.limits(contactId, committeeId ?? ''),
    queryFn: ({ signal }) => fetchContributionLimits(contactId, committeeId as string, signal),
    enabled: Boolean(committeeId),
    staleTime: 0,
  });
  const [electionCode, status] = form.watch(['electionCode', 'status']);
  const designated =
    committeeId && limits.data
      ? designationPreview(limits.data.elections, { electionCode, amount: amountText, status, committeeId, donation, originalCommitteeId })
      : null;
  // Allowed but rarely right: saved once the user confirms. A gift past the contributor's limit is
  // asked about here, before it is recorded, not only flagged afterwards on the Compliance tab.
  const plausibility = usePlausibility(
    [
      largeAmountWarning(amount, 'Donation amount'),
      futureDateWarning(form.watch('donationDate') as string | undefined, workspaceCalendarDate(), 'Donation date'),
      designated ? overLimitWarning(designated.election, designated.preview) : null,
    ].filter((w): w is string => Boolean(w)),
  );
  const editing = Boolean(donation);
  const pledgeOptions = linkablePledges(pledges, donation?.pledgeId).map((p) => ({ value: p.id, label: pledgeLabel(p) }));

  useEffect(() => {
    // A campaign without a committee takes no designation: a code left from another campaign would be refused.
    if (campaigns.isSuccess && !committeeId && form.getValues('electionCode')) form.setValue('electionCode', '');
  }, [campaigns.isSuccess, committeeId, form]);

  useEffect(() => {
    analytics.track('donation_form_viewed', { contactId, mode: donation ? 'edit' : 'create' });
    // Once per opening of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not again when the gift or contact loads
  }, []);

  /** The gift the API says this one may repeat (409): saved only once the user says it is another gift. */
  const [duplicate, setDuplicate] = useState<{ reason: string; body: ReturnType<typeof donationBody> } | null>(null);

  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof donationBody>) => saveDonation(contactId, donation?.id ?? null, body),
    onSuccess: async () => {
      toast.success(editing ? 'Donation updated successfully' : 'Donation created successfully');
      onClose();
      // A donation moves the contact's total, its pledge and the campaign's totals.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['contacts'] }), queryClient.invalidateQueries({ queryKey: ['campaigns'] })]);
    },
    onError: (error, body) => {
      // The API names the field when the election is not one of the committee's.
      const details = error instanceof ApiError ? (error.details as Record<string, unknown> | undefined) : undefined;
      if (typeof details?.duplicateId === 'string' && typeof details.confirmDuplicate === 'string') {
        setDuplicate({ reason: details.confirmDuplicate, body });
        return;
      }
      if (typeof details?.electionCode === 'string') form.setError('electionCode', { message: details.electionCode });
      toast.error(saveErrorMessage(error, 'Failed to save donation'));
    },
  });

  const handlePledgeChange = (pledgeId: string) => {
    const linked = pledges.find((p) => p.id === pledgeId);
    const campaignId = linked?.campaignId ?? linked?.campaign?.id;
    // A payment on a pledge usually counts toward the pledge's campaign.
    if (!form.getValues('campaignId') && campaignId) {
      form.setValue('campaignId', campaignId);
      form.clearErrors('campaignId');
    }
  };

  const handleSubmit = (values: DonationFormValues) => {
    if (!plausibility.attempt()) return;
    const kept = values.paymentMethod === 'in_kind' ? values : { ...values, inKindDescription: '', fairMarketValue: '' };
    setDuplicate(null);
    mutation.mutate(donationBody(kept));
  };

  const handleSaveAnyway = () => {
    if (!duplicate) return;
    mutation.mutate({ ...duplicate.body, confirmDuplicate: true });
    setDuplicate(null);
  };

  return (
    <FinancialFormModal noun="Donation" editing={editing} saving={mutation.isPending} form={form} onClose={onClose} onSubmit={handleSubmit}>
      <FormTextField<DonationFormValues> name="donationAmount" label="Donation Amount" type="number" min="0.01" step="0.01" required />
      <CampaignSelect />
      <FormSelect<DonationFormValues> name="paymentMethod" label="Payment Method" options={choiceOptions(PAYMENT_METHODS)} />
      {paymentMethod === 'check' ? <FormTextField<DonationFormValues> name="checkNumber" label="Check Number" /> : null}
      <FormSelect<DonationFormValues> name="status" label="Status" options={choiceOptions(DONATION_STATUSES)} />
      <FormTextField<DonationFormValues> name="donationDate" label="Donation Date" type="date" required />
      {plausibility.element}
      {duplicate ? (
        <div role="alert" className={styles.duplicate}>
          <strong>This looks like a gift already recorded.</strong>
          <span>{duplicate.reason}. Save this one as another gift?</span>
          <div className={styles.duplicateActions}>
            <Button variant="secondary" onClick={() => setDuplicate(null)}>
              Review the gift
            </Button>
            <Button onClick={handleSaveAnyway} loading={mutation.isPending}>
              Save anyway
            </Button>
          </div>
        </div>
      ) : null}
      {committeeId ? (
        <ElectionDesignation
          // A committee of its own each: another campaign's committee has other elections.
          key={committeeId}
          contactId={contactId}
          committeeId={committeeId}
          donation={donation}
          originalCommitteeId={originalCommitteeId}
        />
      ) : null}
      <FormTextField<DonationFormValues> name="processedDate" label="Processed Date" type="date" />
      <FormSelect<DonationFormValues>
        name="pledgeId"
        label="Link to Pledge"
        placeholder="No pledge"
        options={pledgeOptions}
        hint="Only pledges that are not fulfilled can be linked"
        onValueChange={handlePledgeChange}
      />
      <FormTextField<DonationFormValues> name="transactionId" label="Transaction ID" />
      <FormTextField<DonationFormValues> name="referenceNumber" label="Reference Number" />
      <FormTextField<DonationFormValues> name="taxDeductibleAmount" label="Tax Deductible Amount" type="number" min="0" step="0.01" />
      <FormTextField<DonationFormValues> name="netAmount" label="Net Amount" type="number" min="0" step="0.01" />
      {paymentMethod === 'in_kind' ? (
        <>
          <FormTextField<DonationFormValues> name="inKindDescription" label="In-Kind Description" />
          <FormTextField<DonationFormValues> name="fairMarketValue" label="Fair Market Value" type="number" min="0" step="0.01" />
        </>
      ) : null}
      <FormCheckbox<DonationFormValues> name="isAnonymous" label="Anonymous donation" />
      <FormCheckbox<DonationFormValues> name="isRecurring" label="Recurring donation" />
      <FormTextField<DonationFormValues> name="notes" label="Notes" className={styles.full} multiline rows={3} />
    </FinancialFormModal>
  );
}
