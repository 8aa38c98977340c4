import { ConfirmDialog } from '@caucus/design-system';
import type { ContactList } from '../api/listsApi';
import { useDeleteList } from '../hooks/useLists';

export type DeleteListDialogProps = {
  /** The list to confirm; null keeps the dialog closed. */
  list: Pick<ContactList, 'id' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** The confirmation of docs/product/messages.md, as an in-page dialog rather than a blocking browser prompt. */
export function DeleteListDialog({ list, onClose, onDeleted }: DeleteListDialogProps) {
  const remove = useDeleteList();
  if (!list) return null;
  const handleConfirm = () => {
    remove.mutate(list.id, {
      onSuccess: () => {
        onClose();
        onDeleted?.();
      },
      onError: onClose,
    });
  };
  return (
    <ConfirmDialog open title="Delete List" pending={remove.isPending} onConfirm={handleConfirm} onClose={onClose}>
      <p>Are you sure you want to delete this list?</p>
      <p>
        <strong>{list.name}</strong>
      </p>
    </ConfirmDialog>
  );
}
