import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, ErrorState, Spinner, TextField } from '@caucus/design-system';
import { toast } from '@caucus/design-system/session';
import { limitSettingsInputSchema, type ContributorType, type LimitSettingsResponse } from '@caucus/api/contract';
import { complianceKeys, fetchLimitSettings, saveLimitSettings } from '../../api/complianceApi';
import styles from './LimitSettings.module.css';

export const CONTRIBUTOR_TYPE_LABELS: Record<ContributorType, string> = {
  individual: 'Individual',
  multicandidate_pac: 'Multicandidate PAC',
  pac: 'Other PAC',
  party: 'Party committee',
};

type Row = LimitSettingsResponse['limits'][number];
const keyOf = (row: Pick<Row, 'cycle' | 'contributorType'>) => `${row.cycle}:${row.contributorType}`;

/**
 * The per-election limits by cycle and contributor type: the FEC's figures until the account sets its
 * own. Saving re-flags every designated gift under the new limits (on the server).
 */
export function LimitSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: complianceKeys.limitSettings, queryFn: ({ signal }) => fetchLimitSettings(signal) });
  // Amounts as typed, by 'cycle:type'; rows of a cycle added here but not saved yet.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [addedCycles, setAddedCycles] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: saveLimitSettings,
    onSuccess: async (data) => {
      queryClient.setQueryData(complianceKeys.limitSettings, data);
      setEdits({});
      setAddedCycles([]);
      toast.success('Contribution limits saved', 'Every designated gift was checked again under them.');
      await queryClient.invalidateQueries({ queryKey: ['data-compliance', 'excessive'] });
    },
    onError: (error) => setProblem(error.message),
  });

  if (settings.isError) {
    return <ErrorState title="Failed to load contribution limits" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  }
  if (!settings.data) return <Spinner label="Loading contribution limits" />;

  const rows = [...settings.data.limits, ...addedCycles].sort((x, y) => y.cycle - x.cycle || x.contributorType.localeCompare(y.contributorType));
  const latest = rows[0]?.cycle;
  const changed = rows.filter((row) => keyOf(row) in edits || addedCycles.includes(row));

  const handleAddCycle = () => {
    if (latest === undefined) return;
    setAddedCycles((current) => [...current, ...rows.filter((row) => row.cycle === latest).map((row) => ({ ...row, cycle: latest + 2, source: 'account' as const }))]);
  };

  const handleSave = () => {
    setProblem(null);
    const input = { limits: changed.map((row) => ({ cycle: row.cycle, contributorType: row.contributorType, amount: Number(edits[keyOf(row)] ?? row.amount) })) };
    // The contract's own rules and messages, before anything is sent.
    const checked = limitSettingsInputSchema.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the limits.');
      return;
    }
    save.mutate(input);
  };

  return (
    <Card
      title="Contribution limits"
      subtitle="Per election, by two-year cycle and contributor type. A gift past the limit is saved and flagged above."
      headingLevel={3}
      actions={
        <Button variant="secondary" size="sm" onClick={handleAddCycle} disabled={latest === undefined}>
          Add cycle {latest === undefined ? '' : latest + 2}
        </Button>
      }
    >
      <div className={styles.scroll}>
        <table className={styles.table}>
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
            {rows.map((row) => {
              const key = keyOf(row);
              const label = `${CONTRIBUTOR_TYPE_LABELS[row.contributorType]} limit for ${row.cycle}`;
              return (
                <tr key={key}>
                  <td>{row.cycle}</td>
                  <th scope="row">{CONTRIBUTOR_TYPE_LABELS[row.contributorType]}</th>
                  <td>
                    <TextField
                      label={label}
                      hideLabel
                      type="number"
                      min="0.01"
                      step="0.01"
                      value={edits[key] ?? String(row.amount)}
                      onChange={(event) => setEdits((current) => ({ ...current, [key]: event.target.value }))}
                    />
                  </td>
                  <td>{row.source === 'account' ? <Badge tone="info">Set by you</Badge> : <Badge>FEC</Badge>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.footer}>
        <Button onClick={handleSave} disabled={changed.length === 0} loading={save.isPending}>
          Save limits
        </Button>
      </div>
    </Card>
  );
}
