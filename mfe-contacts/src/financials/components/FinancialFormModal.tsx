import { useId, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button, Modal } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import styles from './Financials.module.css';

export type FinancialFormModalProps<Values extends Record<string, unknown>> = {
  /** 'Pledge' or 'Donation': titles read 'Add Pledge' / 'Edit Pledge', the button 'Create Pledge' / 'Update Pledge'. */
  noun: string;
  editing: boolean;
  saving: boolean;
  form: UseFormReturn<Values>;
  onClose: () => void;
  onSubmit: (values: Values) => void;
  children: ReactNode;
};

/** The dialog both financial forms share: the modal, its Cancel / submit footer and the form grid. */
export function FinancialFormModal<Values extends Record<string, unknown>>({
  noun,
  editing,
  saving,
  form,
  onClose,
  onSubmit,
  children,
}: FinancialFormModalProps<Values>) {
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
      <Form form={form} id={formId} onSubmit={onSubmit} className={styles.grid}>
        {children}
      </Form>
    </Modal>
  );
}
