import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, TextField } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, toast, formatUsd, workspaceCalendarDate } from '@caucus/platform';
import { remedyInputSchema, type CommitteeElection, type ExcessiveContribution, type RemedyAction, type RemedyInput } from '@caucus/contract';
import { complianceKeys, postRemedy, searchContacts } from '../../api/complianceApi';
import styles from './RemedyDialog.module.css';

export const REMEDY_LABELS: Record<RemedyAction, string> = {
  refund: 'Refund',
  redesignate: 'Redesignate',
  reattribute: 'Reattribute',
};

/** What the dialog holds: the action it was opened for, and the choices that action needs. */
export type RemedyFormValues = { action: RemedyAction; electionCode: string; contactId: string; refundDate: string; checkNumber: string };

/** The body of POST /api/compliance/excessive/:donationId/remedy: the action and only what it takes. */
export function toRemedyBody({ action, electionCode, contactId, refundDate, checkNumber }: RemedyFormValues): RemedyInput {
  if (action === 'redesignate') return { action, electionCode };
  if (action === 'reattribute') return { action, contactId };
  // The refund check: its day and number go on the disbursement the refund records (Schedule B).
  return { action, refundDate: refundDate.trim() || null, checkNumber: checkNumber.trim() || null };
}

/**
 * The API's own schema over the body the dialog sends; issue paths (`electionCode`, `contactId`) are
 * the form's fields, so the contract's messages land on them.
 */
export const remedyFormSchema = z.preprocess((form: RemedyFormValues) => toRemedyBody(form), remedyInputSchema);

/** Fields the server may name in a refusal (its `details`), each a field of the form. */
const SERVER_FIELDS = ['electionCode', 'contactId', 'refundDate', 'checkNumber'] as const;

export type RemedyDialogProps = {
  committeeId: string;
  contribution: ExcessiveContribution;
  action: RemedyAction;
  /** The committee's elections: a redesignation moves the excess to a later one. */
  elections: CommitteeElection[];
  onClose: () => void;
};

const contactName = (c: { firstName: string | null; lastName: string | null; organization: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.organization || 'Unnamed contact';

/** Confirms one remedy of an excessive contribution and records it (POST /api/compliance/excessive/:id/remedy). */
export function RemedyDialog({ committeeId, contribution, action, elections, onClose }: RemedyDialogProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const electionDate = elections.find((e) => e.code === contribution.electionCode)?.date ?? contribution.donationDate;
  const laterElections = elections.filter((e) => e.code !== contribution.electionCode && e.date > electionDate);
  const form = useForm<RemedyFormValues>({
    // raw: the body is shaped from the fields as chosen (toRemedyBody); the server parses it with the same schema.
    resolver: zodResolver(remedyFormSchema, undefined, { raw: true }),
    defaultValues: { action, electionCode: laterElections[0]?.code ?? '', contactId: '', refundDate: workspaceCalendarDate(), checkNumber: '' },
    reValidateMode: 'onSubmit',
  });
  // The search only finds the contact to choose; it is no part of the body.
  const [search, setSearch] = useState('');
  const trimmed = search.trim();
  const contacts = useQuery({
    queryKey: complianceKeys.contacts(trimmed),
    queryFn: ({ signal }) => searchContacts(trimmed, signal),
    enabled: action === 'reattribute' && trimmed.length >= 2,
  });
  const candidates = (contacts.data?.contacts ?? []).filter((c) => c.id !== contribution.contactId);
  // A refusal the server gave for no field of the form (no room in the next election, a contact gone).
  const [problem, setProblem] = useState<string | null>(null);

  const remedy = useMutation({
    mutationFn: (input: RemedyInput) => postRemedy(contribution.donationId, input),
    onSuccess: async () => {
      toast.success(`${REMEDY_LABELS[action]} recorded`, `${formatUsd(contribution.excessAmount)} of ${contribution.contactName}'s gift.`);
      await queryClient.invalidateQueries({ queryKey: complianceKeys.excessive(committeeId) });
      onClose();
    },
    onError: (error) => {
      let onField = false;
      const details = error instanceof ApiError && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
      for (const field of SERVER_FIELDS) {
        const message = details[field];
        if (typeof message === 'string') {
          form.setError(field, { message });
          onField = true;
        }
      }
      if (!onField) setProblem(error instanceof Error ? error.message : 'The remedy could not be recorded.');
    },
  });

  const handleSubmit = (values: RemedyFormValues) => {
    setProblem(null);
    remedy.mutate(toRemedyBody(values));
  };

  // Nothing to choose from: the dialog says why, and there is nothing to confirm.
  const nowhereToMove = action === 'redesignate' && laterElections.length === 0;
  const contactError = form.formState.errors.contactId?.message;

  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={`${REMEDY_LABELS[action]} the excess`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remedy.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={nowhereToMove} loading={remedy.isPending}>
            {REMEDY_LABELS[action]} {formatUsd(contribution.excessAmount)}
          </Button>
        </>
      }
    >
      <Form form={form} id={formId} onSubmit={handleSubmit} className={styles.body} aria-label={`${REMEDY_LABELS[action]} the excess`}>
        <p>
          {contribution.contactName} has given {formatUsd(contribution.aggregate)} for {contribution.electionCode}, {formatUsd(contribution.excessAmount)} over
          the {formatUsd(contribution.limit)} limit. Remedy by {contribution.deadline}.
        </p>
        {action === 'refund' ? (
          <>
            <p>
              The excess is recorded as refunded and the rest of the gift stays. The refund check is recorded as a disbursement to {contribution.contactName}{' '}
              (line 20a of Form 3, 28a of Form 3X) and lowers cash on hand.
            </p>
            <FormTextField<RemedyFormValues> name="refundDate" label="Refund date" type="date" required />
            <FormTextField<RemedyFormValues> name="checkNumber" label="Check number" />
          </>
        ) : null}
        {action === 'redesignate' ? (
          nowhereToMove ? (
            <p role="alert">This committee has no later election to move the excess to. Add one in the campaign&apos;s Committees &amp; Accounts tab.</p>
          ) : (
            <FormSelect<RemedyFormValues>
              name="electionCode"
              label="Move the excess to"
              options={laterElections.map((e) => ({ value: e.code, label: `${e.code} (${e.date})` }))}
            />
          )
        ) : null}
        {action === 'reattribute' ? (
          <>
            <TextField
              label="Joint account holder"
              placeholder="Search by name or email"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              // Until there is a contact to choose, the contract's message on the contact shows where to find one.
              error={candidates.length === 0 ? contactError : undefined}
            />
            {trimmed.length >= 2 && contacts.isSuccess && candidates.length === 0 ? <p>No other contact matches.</p> : null}
            {candidates.length > 0 ? (
              <FormSelect<RemedyFormValues>
                name="contactId"
                label="Reattribute to"
                placeholder="Choose a contact"
                options={candidates.map((c) => ({ value: c.id, label: `${contactName(c)}${c.primaryEmail ? ` (${c.primaryEmail})` : ''}` }))}
              />
            ) : null}
          </>
        ) : null}
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}
