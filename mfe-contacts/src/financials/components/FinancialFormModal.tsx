import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Modal } from '@caucus/design-system';
import styles from './Financials.module.css';

export type FinancialFormModalProps = {
  /** 'Pledge' or 'Donation': titles read 'Add Pledge' / 'Edit Pledge', the button 'Create Pledge' / 'Update Pledge'. */
  noun: string;
  editing: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/** The dialog both financial forms share: the modal, its Cancel / submit footer and the form grid. */
export function FinancialFormModal({ noun, editing, saving, onClose, onSubmit, children }: FinancialFormModalProps) {
  const formId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {editing ? `Update ${noun}` : `Create ${noun}`}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className={styles.grid}>
        {children}
      </form>
    </Modal>
  );
}
