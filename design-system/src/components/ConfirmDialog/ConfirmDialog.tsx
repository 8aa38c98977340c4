import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, and whatever names the thing it acts on. */
  children: ReactNode;
  /** Label of the destructive button. */
  confirmLabel?: string;
  /** While the action runs: Cancel is disabled and the confirm button shows its spinner. */
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * An in-page confirmation for a destructive action (docs/product/messages.md, Confirmations), in place of a
 * blocking browser prompt: the danger button says what happens, Cancel and Escape back out.
 */
export function ConfirmDialog({ open, title, children, confirmLabel = 'Delete', pending = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      size="sm"
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
