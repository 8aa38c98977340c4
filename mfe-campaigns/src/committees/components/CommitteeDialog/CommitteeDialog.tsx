import { useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ErrorState, Modal, Spinner } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, toast, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import { COMMITTEE_TYPE_VALUES, committeeInputSchema, FILING_FORM_VALUES, withNumbersFromText, type Committee } from '@caucus/contract';
import { committeesKeys, fetchCommittee, saveCommittee } from '../../api/committeesApi';
import styles from './CommitteeDialog.module.css';

/** The form holds text as typed; the contract (committeeInputSchema) checks it and the server normalises it. */
export type CommitteeFormValues = {
  name: string;
  committeeType: string;
  fecId: string;
  filingForm: string;
  treasurerFirstName: string;
  treasurerLastName: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  elections: { code: string; date: string }[];
};

/** The contract's rules read from the form's values (no field holds a number). */
const committeeFormSchema = withNumbersFromText<CommitteeFormValues, typeof committeeInputSchema>(committeeInputSchema, []);

const EMPTY: CommitteeFormValues = {
  name: '',
  committeeType: 'candidate',
  fecId: '',
  filingForm: '',
  treasurerFirstName: '',
  treasurerLastName: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  elections: [],
};

function toFormValues(committee: Committee): CommitteeFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    name: committee.name,
    committeeType: committee.committeeType,
    fecId: text(committee.fecId),
    filingForm: text(committee.filingForm),
    treasurerFirstName: text(committee.treasurerFirstName),
    treasurerLastName: text(committee.treasurerLastName),
    street1: text(committee.street1),
    street2: text(committee.street2),
    city: text(committee.city),
    state: text(committee.state),
    zip: text(committee.zip),
    elections: committee.elections.map((e) => ({ code: e.code, date: e.date })),
  };
}

const TYPE_LABELS: Record<(typeof COMMITTEE_TYPE_VALUES)[number], string> = {
  candidate: 'Candidate committee',
  pac: 'PAC',
  super_pac: 'Super PAC',
  party: 'Party committee',
  ballot_measure: 'Ballot measure committee',
  nonprofit: 'Nonprofit',
  other: 'Other',
};
const FORM_LABELS: Record<(typeof FILING_FORM_VALUES)[number], string> = {
  F3: 'F3 - House or Senate candidate committee',
  F3X: 'F3X - PAC or party committee',
};

export type CommitteeDialogProps = {
  /** The committee to edit; null creates one. */
  committeeId: string | null;
  onClose: () => void;
  onSaved: (committee: Committee) => void;
};

/** Creates or edits a committee: its FEC id, filing form, treasurer and address, and its elections. */
export function CommitteeDialog({ committeeId, onClose, onSaved }: CommitteeDialogProps) {
  const existing = useQuery({
    queryKey: committeesKeys.detail(committeeId ?? ''),
    queryFn: ({ signal }) => fetchCommittee(committeeId!, signal),
    enabled: committeeId !== null,
  });
  const title = committeeId ? 'Edit committee' : 'New committee';
  return (
    <Modal open size="lg" title={title} onClose={onClose}>
      {committeeId === null ? (
        <CommitteeForm committeeId={null} initialValues={EMPTY} onClose={onClose} onSaved={onSaved} />
      ) : existing.isError ? (
        <ErrorState title="Failed to load the committee" error={existing.error} onRetry={() => void existing.refetch()} retrying={existing.isFetching} />
      ) : existing.data ? (
        <CommitteeForm committeeId={committeeId} initialValues={toFormValues(existing.data)} onClose={onClose} onSaved={onSaved} />
      ) : (
        <Spinner label="Loading committee" />
      )}
    </Modal>
  );
}

type CommitteeFormProps = { committeeId: string | null; initialValues: CommitteeFormValues; onClose: () => void; onSaved: (committee: Committee) => void };

function CommitteeForm({ committeeId, initialValues, onClose, onSaved }: CommitteeFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<CommitteeFormValues>({
    // raw: the values go to the server as typed; it parses them with the same contract.
    resolver: zodResolver(committeeFormSchema, undefined, { raw: true }),
    defaultValues: initialValues,
    reValidateMode: 'onSubmit',
  });
  const elections = useFieldArray({ control: form.control, name: 'elections' });
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: CommitteeFormValues) => saveCommittee(committeeId, values),
    onSuccess: async (committee) => {
      toast.success(committeeId ? 'Committee updated' : 'Committee created', committee.name);
      await queryClient.invalidateQueries({ queryKey: ['campaigns', 'committees'] });
      queryClient.setQueryData(committeesKeys.detail(committee.id), committee);
      onSaved(committee);
    },
    onError: (error) => {
      setServerError(error.message);
      // The server's per-field messages land on their fields too.
      if (error instanceof ApiError && error.details && typeof error.details === 'object') {
        for (const [field, message] of Object.entries(error.details as Record<string, string>)) {
          form.setError(field as FieldPath<CommitteeFormValues>, { message });
        }
      }
    },
  });

  const handleSubmit = (values: CommitteeFormValues) => {
    setServerError(null);
    save.mutate(values);
  };

  return (
    <Form form={form} onSubmit={handleSubmit} aria-label={committeeId ? 'Edit committee' : 'New committee'}>
      <div className={styles.stack}>
        <div className={styles.grid}>
          <FormTextField<CommitteeFormValues> label="Committee name" name="name" required />
          <FormSelect<CommitteeFormValues>
            label="Committee type"
            name="committeeType"
            options={COMMITTEE_TYPE_VALUES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          />
          <FormTextField<CommitteeFormValues> label="FEC committee ID" name="fecId" placeholder="C00123456" hint="C followed by 8 digits" />
          <FormSelect<CommitteeFormValues>
            label="Filing form"
            name="filingForm"
            placeholder="Not filing with the FEC"
            options={FILING_FORM_VALUES.map((value) => ({ value, label: FORM_LABELS[value] }))}
          />
          <FormTextField<CommitteeFormValues> label="Treasurer first name" name="treasurerFirstName" />
          <FormTextField<CommitteeFormValues> label="Treasurer last name" name="treasurerLastName" />
          <FormTextField<CommitteeFormValues> label="Street" name="street1" />
          <FormTextField<CommitteeFormValues> label="Street (line 2)" name="street2" />
          <FormTextField<CommitteeFormValues> label="City" name="city" />
          <FormTextField<CommitteeFormValues> label="State" name="state" placeholder="VA" />
          <FormTextField<CommitteeFormValues> label="ZIP code" name="zip" />
        </div>
        <fieldset className={styles.elections}>
          <legend>Elections</legend>
          <p className={styles.hint}>A gift counts toward the next election on or after its date: the primary until primary day, then the general.</p>
          {elections.fields.map((field, index) => (
            <div key={field.id} className={styles.election} role="group" aria-label={`Election ${index + 1}`}>
              <FormTextField<CommitteeFormValues> label="Election code" name={`elections.${index}.code`} placeholder="P2026" />
              <FormTextField<CommitteeFormValues> label="Election date" type="date" name={`elections.${index}.date`} />
              <Button variant="ghost" size="sm" onClick={() => elections.remove(index)} aria-label={`Remove election ${index + 1}`}>
                Remove
              </Button>
            </div>
          ))}
          <div>
            <Button variant="secondary" size="sm" onClick={() => elections.append({ code: '', date: '' })}>
              Add election
            </Button>
          </div>
        </fieldset>
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
            {committeeId ? 'Save committee' : 'Create committee'}
          </Button>
        </div>
      </div>
    </Form>
  );
}
