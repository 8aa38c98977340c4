import { Button, EmptyState } from '@caucus/design-system';

/** The import wizard (campaign, file, mapping, review) arrives with the next issue; history is live now. */
export function ImportPanel({ onShowHistory }: { onShowHistory: () => void }) {
  return (
    <EmptyState
      icon="⇪"
      title="File import is being prepared"
      message="Soon you will import contacts, donations and pledges from CSV, XLS or XLSX files (up to 10MB) here. Results of past imports are in Import History."
      action={
        <Button variant="secondary" onClick={onShowHistory}>
          View Import History
        </Button>
      }
    />
  );
}
