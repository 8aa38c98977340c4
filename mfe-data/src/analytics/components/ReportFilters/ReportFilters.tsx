import { useQuery } from '@tanstack/react-query';
import { Select, TextField } from '@caucus/design-system';
import { analyticsKeys, fetchCampaignOptions, type ReportFilter } from '../../api/analyticsApi';
import styles from './ReportFilters.module.css';

export type ReportFiltersProps = {
  value: ReportFilter;
  onChange: (next: ReportFilter) => void;
};

/** Campaign and date range shared by the Analytics and Reports tabs. */
export function ReportFilters({ value, onChange }: ReportFiltersProps) {
  const campaigns = useQuery({ queryKey: analyticsKeys.campaigns, queryFn: ({ signal }) => fetchCampaignOptions(signal) });
  const options = [{ value: '', label: 'All campaigns' }, ...(campaigns.data?.campaigns ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <div className={styles.filters} role="group" aria-label="Report filters">
      <Select label="Campaign" value={value.campaignId} options={options} onChange={(event) => onChange({ ...value, campaignId: event.target.value })} />
      <TextField
        label="From"
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
      />
      <TextField label="To" type="date" value={value.to} min={value.from || undefined} onChange={(event) => onChange({ ...value, to: event.target.value })} />
    </div>
  );
}
