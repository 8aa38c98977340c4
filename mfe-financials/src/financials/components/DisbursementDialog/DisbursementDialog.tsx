import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, formatUsd, toast, useMutation, useQuery, useQueryClient, workspaceCalendarDate } from '@caucus/platform';
import {
  DISBURSEMENT_CATEGORIES,
  DISBURSEMENT_CATEGORY_VALUES,
  DISBURSEMENT_METHOD_VALUES,
  disbursementInputSchema,
  withNumbersFromText,
  type Disbursement,
} from '@caucus/contract';
import { fetchCommittees, fetchContactGifts, financialsKeys, saveDisbursement, type PayeeContact } from '../../api/financialsApi';
import { PayeeContactSearch, contactName } from '../PayeeContactSearch';
import { ReceiptsSection } from '../ReceiptsSection';
import styles from '../Financials.module.css';

/** The form holds text as typed; the contract (disbursementInputSchema) checks it and the server normalises it. */
export type DisbursementFormValues = {
  committeeId: string;
  kind: string;
  refundOfDonationId: string;
  payeeContactId: string;
  entityType: string;
  payeeOrganizationName: string;
  payeeFirstName: string;
  payeeLastName: string;
  payeeStreet1: string;
  payeeCity: string;
  payeeState: string;
  payeeZip: string;
  amount: string;
  disbursementDate: string;
  purpose: string;
  categoryCode: string;
  electionCode: string;
  paymentMethod: string;
  checkNumber: string;
  memo: string;
};

const disbursementFormSchema = withNumbersFromText<DisbursementFormValues, typeof disbursementInputSchema>(disbursementInputSchema, ['amount']);

const METHOD_LABELS: Record<string, string> = {
  check: 'Check',
  ach: 'ACH',
  wire: 'Wire',
  debit_card: 'Debit card',
  credit_card: 'Credit card',
  cash: 'Cash',
  other: 'Other',
};

function valuesOf(committeeId: string, existing: Disbursement | null): DisbursementFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    committeeId,
    kind: existing?.kind ?? 'operating',
    refundOfDonationId: text(existing?.refundOfDonationId),
    payeeContactId: text(existing?.payeeContactId),
    entityType: existing?.entityType === 'IND' ? 'IND' : 'ORG',
    payeeOrganizationName: text(existing?.payeeOrganizationName),
    payeeFirstName: text(existing?.payeeFirstName),
    payeeLastName: text(existing?.payeeLastName),
    payeeStreet1: text(existing?.payeeStreet1),
    payeeCity: text(existing?.payeeCity),
    payeeState: text(existing?.payeeState),
    payeeZip: text(existing?.payeeZip),
    amount: existing ? String(existing.amount) : '',
    disbursementDate: existing?.disbursementDate ?? workspaceCalendarDate(),
    purpose: text(existing?.purpose),
    categoryCode: text(existing?.categoryCode),
    electionCode: text(existing?.electionCode),
    paymentMethod: existing?.paymentMethod ?? 'check',
    checkNumber: text(existing?.checkNumber),
    memo: text(existing?.memo),
  };
}

export type DisbursementDialogProps = { committeeId: string; existing: Disbursement | null; onClose: () => void };

/** Records or corrects a disbursement: payee, amount, date, the FEC purpose and category, how it was paid. */
export function DisbursementDialog({ committeeId, existing, onClose }: DisbursementDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<DisbursementFormValues>({
    resolver: zodResolver(disbursementFormSchema, undefined, { raw: true }),
    defaultValues: valuesOf(committeeId, existing),
    reValidateMode: 'onSubmit',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const entityType = form.watch('entityType');
  const kind = form.watch('kind');
  // The page's committee list (cached): a candidate committee's elections are the designations offered.
  const committees = useQuery({ queryKey: financialsKeys.committees(), queryFn: ({ signal }) => fetchCommittees(signal) });
  const elections = committees.data?.find((c) => c.id === committeeId)?.elections ?? [];
  const kept = existing?.electionCode && !elections.some((e) => e.code === existing.electionCode) ? [existing.electionCode] : [];
  const [payeeContact, setPayeeContact] = useState<{ id: string; name: string } | null>(
    existing?.payeeContactId ? { id: existing.payeeContactId, name: existing.payeeName } : null,
  );
  /** The contact's name and address fill the payee's fields (Schedule B's), each still editable. */
  const choosePayee = (contact: PayeeContact) => {
    const person = Boolean(contact.firstName || contact.lastName);
    const fill: Partial<DisbursementFormValues> = {
      payeeContactId: contact.id,
      entityType: person ? 'IND' : 'ORG',
      payeeFirstName: person ? (contact.firstName ?? '') : '',
      payeeLastName: person ? (contact.lastName ?? '') : '',
      payeeOrganizationName: person ? '' : (contact.organization ?? ''),
      payeeStreet1: contact.addressLine1 ?? '',
      payeeCity: contact.city ?? '',
      payeeState: contact.state ?? '',
      payeeZip: contact.zipCode ?? '',
    };
    for (const [field, value] of Object.entries(fill)) form.setValue(field as keyof DisbursementFormValues, value as string);
    setPayeeContact({ id: contact.id, name: contactName(contact) });
  };
  const clearPayee = () => {
    form.setValue('payeeContactId', '');
    form.setValue('refundOfDonationId', '');
    setPayeeContact(null);
  };
  // A refund (line 20a on F3, 28a on F3X) names the contributor's gift it returns: the API lowers that
  // contributor's aggregate for the gift's election.
  const refunding = kind === 'refund' && !existing;
  const gifts = useQuery({
    queryKey: financialsKeys.contactGifts(payeeContact?.id ?? ''),
    queryFn: ({ signal }) => fetchContactGifts(payeeContact?.id as string, signal),
    enabled: refunding && Boolean(payeeContact),
  });
  const refundable = (gifts.data ?? []).filter((gift) => gift.status === 'completed');
  const save = useMutation({
    mutationFn: (values: DisbursementFormValues) => saveDisbursement(existing?.id ?? null, { ...values, amount: Number(values.amount) }),
    onSuccess: async (saved) => {
      toast.success(existing ? 'Disbursement updated' : 'Disbursement recorded', saved.payeeName);
      await queryClient.invalidateQueries({ queryKey: ['financials'] });
      onClose();
    },
    onError: (error) => {
      setServerError(error.message);
      if (error instanceof ApiError && error.details && typeof error.details === 'object') {
        for (const [field, message] of Object.entries(error.details as Record<string, string>))
          form.setError(field as FieldPath<DisbursementFormValues>, { message });
      }
    },
  });
  const handleSubmit = (values: DisbursementFormValues) => {
    setServerError(null);
    save.mutate(values);
  };
  return (
    <Modal open size="lg" title={existing ? 'Edit disbursement' : 'Record disbursement'} onClose={onClose}>
      <Form form={form} onSubmit={handleSubmit} aria-label={existing ? 'Edit disbursement' : 'Record disbursement'}>
        <div className={styles.stack}>
          {existing?.kind === 'refund' ? null : <PayeeContactSearch chosen={payeeContact} onChoose={choosePayee} onClear={clearPayee} />}
          <div className={styles.grid}>
            <FormSelect<DisbursementFormValues>
              label="Kind"
              name="kind"
              options={[
                { value: 'operating', label: 'Operating expenditure' },
                { value: 'other', label: 'Other disbursement' },
                // A refund is recorded here or by the Compliance tab's remedy; an existing one is voided, not edited.
                ...(existing ? [] : [{ value: 'refund', label: 'Refund of a contribution' }]),
              ]}
            />
            {refunding ? (
              payeeContact ? (
                <FormSelect<DisbursementFormValues>
                  label="Contribution refunded"
                  name="refundOfDonationId"
                  placeholder={gifts.isPending ? 'Loading the gifts...' : refundable.length === 0 ? 'No completed gift' : 'Choose the gift'}
                  options={refundable.map((gift) => ({
                    value: gift.id,
                    label: [formatUsd(gift.donationAmount), gift.donationDate?.slice(0, 10), gift.campaign?.name, gift.electionCode]
                      .filter(Boolean)
                      .join(' · '),
                  }))}
                  required
                />
              ) : (
                <p className={styles.hint}>Choose the contributor among the contacts above, then the gift refunded.</p>
              )
            ) : null}
            <FormSelect<DisbursementFormValues>
              label="Payee type"
              name="entityType"
              options={[
                { value: 'ORG', label: 'Organization or vendor' },
                { value: 'IND', label: 'Individual' },
                { value: 'COM', label: 'Political committee' },
              ]}
            />
            {entityType === 'IND' ? (
              <>
                <FormTextField<DisbursementFormValues> label="Payee first name" name="payeeFirstName" />
                <FormTextField<DisbursementFormValues> label="Payee last name" name="payeeLastName" />
              </>
            ) : (
              <FormTextField<DisbursementFormValues> label="Payee organization" name="payeeOrganizationName" />
            )}
            <FormTextField<DisbursementFormValues> label="Payee street" name="payeeStreet1" />
            <FormTextField<DisbursementFormValues> label="Payee city" name="payeeCity" />
            <FormTextField<DisbursementFormValues> label="Payee state" name="payeeState" placeholder="VA" />
            <FormTextField<DisbursementFormValues> label="Payee ZIP code" name="payeeZip" />
            <FormTextField<DisbursementFormValues> label="Amount" name="amount" inputMode="decimal" required />
            <FormTextField<DisbursementFormValues> label="Date" name="disbursementDate" type="date" required />
            <FormTextField<DisbursementFormValues> label="Purpose" name="purpose" hint="FEC wording, e.g. Printing, Payroll, Postage" required />
            <FormSelect<DisbursementFormValues>
              label="Category"
              name="categoryCode"
              placeholder="No category"
              options={DISBURSEMENT_CATEGORY_VALUES.map((value) => ({ value, label: `${value} ${DISBURSEMENT_CATEGORIES[value]}` }))}
            />
            {elections.length > 0 ? (
              <FormSelect<DisbursementFormValues>
                label="Election"
                name="electionCode"
                placeholder="No election"
                options={[...elections.map((e) => ({ value: e.code, label: `${e.code} (${e.date})` })), ...kept.map((code) => ({ value: code, label: code }))]}
                hint="For a candidate committee"
              />
            ) : (
              <FormTextField<DisbursementFormValues> label="Election" name="electionCode" placeholder="G2026" hint="For a candidate committee" />
            )}
            <FormSelect<DisbursementFormValues>
              label="Payment method"
              name="paymentMethod"
              options={DISBURSEMENT_METHOD_VALUES.map((value) => ({ value, label: METHOD_LABELS[value] }))}
            />
            <FormTextField<DisbursementFormValues> label="Check number" name="checkNumber" />
            <FormTextField<DisbursementFormValues> label="Memo" name="memo" />
          </div>
          {serverError ? (
            <p className={styles.error} role="alert">
              {serverError}
            </p>
          ) : null}
          <div className={styles.footer}>
            <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {existing ? 'Save disbursement' : 'Record disbursement'}
            </Button>
          </div>
        </div>
      </Form>
      {existing ? (
        <ReceiptsSection disbursementId={existing.id} payeeName={existing.payeeName} />
      ) : (
        <p className={styles.hint}>Receipts can be attached once the disbursement is recorded.</p>
      )}
    </Modal>
  );
}
