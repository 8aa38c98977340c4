import { useState } from 'react';
import { Button, ConfirmDialog } from '@caucus/design-system';
import styles from './ImportWizard.module.css';

export type ImportedBeforeProps = {
  /** 'This file was imported on Nov 25 by Dana Whitfield (1,985 rows)' */
  message: string;
  confirmed: boolean;
  onConfirm: () => void;
};

/**
 * The same content was imported before (whatever the file's name or format): the wizard stops here
 * until the user confirms, in a dialog, that they mean to import it again.
 */
export function ImportedBefore({ message, confirmed, onConfirm }: ImportedBeforeProps) {
  const [asking, setAsking] = useState(false);
  if (confirmed) {
    return (
      <p role="status" className={styles.notice}>
        {message}. You chose to import it again: its rows that repeat gifts already recorded start included in Review, where you can skip any of them.
      </p>
    );
  }
  return (
    <div role="alert" className={styles.warning}>
      <strong>{message}</strong>
      <span>Importing it again would record its gifts twice. Undo that import in Import History instead, or import this file anyway.</span>
      <div>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Import anyway…
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Import this file again?"
        confirmLabel="Import anyway"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        <p>{message}. Its rows will be imported again, gifts already recorded included: Review lists each repeated gift, where you can skip it.</p>
      </ConfirmDialog>
    </div>
  );
}
