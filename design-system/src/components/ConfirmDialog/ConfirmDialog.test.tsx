import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onClose = jest.fn();
  render(
    <ConfirmDialog open title="Delete List" onConfirm={onConfirm} onClose={onClose} {...props}>
      <p>Are you sure you want to delete this list?</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onClose };
}

test('asks in a dialog named by its title and confirms with the danger button', async () => {
  const { onConfirm, onClose } = renderDialog();
  expect(screen.getByRole('dialog', { name: 'Delete List' })).toHaveTextContent('Are you sure you want to delete this list?');
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(onClose).not.toHaveBeenCalled();
});

test('Cancel closes without confirming', async () => {
  const { onConfirm, onClose } = renderDialog({ confirmLabel: 'Remove' });
  expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(onConfirm).not.toHaveBeenCalled();
});

test('while pending, Cancel is disabled', () => {
  renderDialog({ pending: true });
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
});

test('renders nothing when closed', () => {
  renderDialog({ open: false });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
