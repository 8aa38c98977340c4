import { ConfirmDialog } from '@caucus/design-system';
import type { CaucusEvent } from '../api/eventsApi';
import { useDeleteEvent } from '../hooks/useEvents';

export type DeleteEventDialogProps = {
  /** The event to confirm; null keeps the dialog closed. */
  event: CaucusEvent | null;
  onClose: () => void;
  onDeleted?: (event: CaucusEvent) => void;
};

/**
 * 'Are you sure you want to delete "{name}"?', as an in-page dialog rather than a blocking browser
 * prompt (docs/product/messages.md, Confirmations).
 */
export function DeleteEventDialog({ event, onClose, onDeleted }: DeleteEventDialogProps) {
  const remove = useDeleteEvent();
  if (!event) return null;

  const handleConfirm = () => {
    remove.mutate(event, {
      onSuccess: () => {
        onClose();
        onDeleted?.(event);
      },
      onError: onClose,
    });
  };

  return (
    <ConfirmDialog open title="Delete Event" pending={remove.isPending} onConfirm={handleConfirm} onClose={onClose}>
      <p>{`Are you sure you want to delete "${event.name}"?`}</p>
    </ConfirmDialog>
  );
}
