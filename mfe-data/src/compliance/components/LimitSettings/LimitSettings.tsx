import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { ApiError, toast, useCan } from '@caucus/platform';
import { limitSettingsInputSchema, numberFromText, type ContributorType, type LimitSettingsInput, type LimitSettingsResponse } from '@caucus/contract';
import { complianceKeys, fetchLimitSettings, saveLimitSettings } from '../../api/complianceApi';
import phoneCards from '../../phoneCards.module.css';
import styles from './LimitSettings.module.css';

export const CONTRIBUTOR_TYPE_LABELS: Record<ContributorType, string> = {
  individual: 'Individual',
  multicandidate_pac: 'Multicandidate PAC',
  pac: 'Other PAC',
  party: 'Party committee',
};

type Row = LimitSettingsResponse['limits'][number];

/** One row of the table: the amount as typed, and the amount saved (null for a cycle added here and not saved yet). */
type LimitRowValues = { cycle: number; contributorType: ContributorType; amount: string; saved: string | null; source: Row['source'] };
export type LimitFormValues = { limits: LimitRowValues[] };

/**
 * The body of PUT /api/compliance/limit-settings read from the form: every row of the table, its amount
 * text as a number (blank -> absent, 'abc' -> NaN), parsed by the API's own schema. No rule or message
 * is restated here; issue paths stay `limits.N.amount`, the form's fields.
 */
export const limitsFormSchema = z.preprocess(
  (form: LimitFormValues) => ({
    limits: form.limits.map(({ cycle, contributorType, amount }) => ({ cycle, contributorType, amount: numberFromText(amount) })),
  }),
  limitSettingsInputSchema,
);

const toFormValues = (limits: Row[]): LimitFormValues => ({
  limits: [...limits]
    .sort((x, y) => y.cycle - x.cycle || x.contributorType.localeCompare(y.contributorType))
    .map((row) => ({ cycle: row.cycle, contributorType: row.contributorType, amount: String(row.amount), saved: String(row.amount), source: row.source })),
});

/** A row to send: edited since it was saved, or in a cycle added here. */
const isChanged = (row: LimitRowValues) => row.saved === null || row.amount !== row.saved;

/** Only the changed rows are sent (the others keep their value); `sent[i]` is the form row of body row i. */
export function toLimitsBody(values: LimitFormValues): { body: LimitSettingsInput; sent: number[] } {
  const sent = values.limits.flatMap((row, index) => (isChanged(row) ? [index] : []));
  const limits = sent.map((index) => {
    const { cycle, contributorType, amount } = values.limits[index];
    return { cycle, contributorType, amount: numberFromText(amount) as number };
  });
  return { body: { limits }, sent };
}

/** A list-level message (duplicates, too many rows) or a row's cycle message: the table shows it, no field does. */
function tableProblem(errors: FieldErrors<LimitFormValues>): string | undefined {
  const list = errors.limits;
  if (!list) return undefined;
  const own = list.root?.message ?? list.message;
  if (own) return own;
  for (const row of Array.isArray(list) ? list : []) {
    const message = row?.cycle?.message ?? row?.contributorType?.message;
    if (message) return message;
  }
  return undefined;
}

/**
 * The per-election limits by cycle and contributor type: the FEC's figures until the account sets its
 * own. Saving re-flags every designated gift under the new limits (on the server).
 */
export function LimitSettings() {
  const settings = useQuery({ queryKey: complianceKeys.limitSettings, queryFn: ({ signal }) => fetchLimitSettings(signal) });
  if (settings.isError) {
    return (
      <ErrorState title="Failed to load contribution limits" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
    );
  }
  if (!settings.data) return <Spinner label="Loading contribution limits" />;
  return <LimitTable limits={settings.data.limits} />;
}

function LimitTable({ limits }: { limits: Row[] }) {
  const queryClient = useQueryClient();
  const form = useForm<LimitFormValues>({
    // raw: only the changed rows are sent, shaped from the rows as typed (toLimitsBody).
    resolver: zodResolver(limitsFormSchema, undefined, { raw: true }),
    defaultValues: toFormValues(limits),
    reValidateMode: 'onSubmit',
  });
  const rows = useFieldArray({ control: form.control, name: 'limits' });
  // Changing the limits needs compliance.write (contract/permissions.ts); other roles read them.
  const canWrite = useCan('compliance.write');
  const values = form.watch('limits');
  // A refusal the server gave for no field of the form (a cycle, the list, a plain message).
  const [problem, setProblem] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: ({ body }: ReturnType<typeof toLimitsBody>) => saveLimitSettings(body),
    onSuccess: async (data) => {
      queryClient.setQueryData(complianceKeys.limitSettings, data);
      form.reset(toFormValues(data.limits));
      toast.success('Contribution limits saved', 'Every designated gift was checked again under them.');
      await queryClient.invalidateQueries({ queryKey: ['data-compliance', 'excessive'] });
    },
    onError: (error, { sent }) => {
      // The server names body rows (`limits.0.amount`); body row i is form row sent[i].
      let onField = false;
      const details = error instanceof ApiError && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
      for (const [path, message] of Object.entries(details)) {
        const match = /^limits\.(\d+)\.amount$/.exec(path);
        const index = match ? sent[Number(match[1])] : undefined;
        if (index !== undefined && typeof message === 'string') {
          form.setError(`limits.${index}.amount`, { message });
          onField = true;
        }
      }
      if (!onField) setProblem(error.message);
    },
  });

  const latest = values[0]?.cycle;
  const changed = values.filter(isChanged).length;

  const handleAddCycle = () => {
    if (latest === undefined) return;
    // The new cycle starts from the latest one's amounts as shown, and leads the table (latest first).
    rows.prepend(values.filter((row) => row.cycle === latest).map((row) => ({ ...row, cycle: latest + 2, saved: null, source: 'account' as const })));
  };

  const handleSubmit = (submitted: LimitFormValues) => {
    setProblem(null);
    save.mutate(toLimitsBody(submitted));
  };

  const shownProblem = problem ?? tableProblem(form.formState.errors);

  return (
    <Card
      title="Contribution limits"
      subtitle="Per election, by two-year cycle and contributor type. A gift past the limit is saved and flagged above."
      headingLevel={3}
      actions={
        canWrite ? (
          <Button variant="secondary" size="sm" onClick={handleAddCycle} disabled={latest === undefined || save.isPending}>
            Add cycle {latest === undefined ? '' : latest + 2}
          </Button>
        ) : undefined
      }
    >
      <Form form={form} onSubmit={handleSubmit} aria-label="Contribution limits">
        <div className={styles.scroll}>
          <table className={`${styles.table} ${phoneCards.cards}`}>
            <caption className={styles.srOnly}>Contribution limits per election</caption>
            <thead>
              <tr>
                <th scope="col">Cycle</th>
                <th scope="col">Contributor</th>
                <th scope="col">Limit per election ($)</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {rows.fields.map((field, index) => {
                const type = CONTRIBUTOR_TYPE_LABELS[field.contributorType];
                return (
                  <tr key={field.id}>
                    <td data-label="Cycle">{field.cycle}</td>
                    <th scope="row">{type}</th>
                    <td data-label="Limit per election ($)" className={phoneCards.wide}>
                      <FormTextField<LimitFormValues>
                        name={`limits.${index}.amount`}
                        label={`${type} limit for ${field.cycle}`}
                        hideLabel
                        type="number"
                        min="0.01"
                        step="0.01"
                      />
                    </td>
                    <td data-label="Source">{field.source === 'account' ? <Badge tone="info">Set by you</Badge> : <Badge>FEC</Badge>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {shownProblem ? (
          <p className={styles.error} role="alert">
            {shownProblem}
          </p>
        ) : null}
        {canWrite ? (
          <div className={styles.footer}>
            <Button type="submit" disabled={changed === 0} loading={save.isPending}>
              Save limits
            </Button>
          </div>
        ) : null}
      </Form>
    </Card>
  );
}
