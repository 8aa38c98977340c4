import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Contacts
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Add contacts to list"
        footer={
          <>
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="button">Add</button>
          </>
        }
      >
        <label>
          Search
          <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  test('a form submitted inside the dialog does not submit the form it was opened from', async () => {
    const outerSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    const innerSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={outerSubmit}>
        <Modal open title="Add Pledge" onClose={() => {}}>
          <form onSubmit={innerSubmit}>
            <button type="submit">Save Pledge</button>
          </form>
        </Modal>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Pledge' }));
    expect(innerSubmit).toHaveBeenCalledTimes(1);
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('opens as a labelled modal dialog in document.body and focuses the first field', async () => {
    const { container } = render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Contacts' }));
    const dialog = screen.getByRole('dialog', { name: 'Add contacts to list' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('traps focus with Tab and Shift+Tab', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Contacts' }));
    const add = screen.getByRole('button', { name: 'Add' });
    const closeButton = screen.getByRole('button', { name: 'Close dialog' });
    add.focus();
    await userEvent.tab();
    expect(closeButton).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(add).toHaveFocus();
  });

  it('closes on Escape and restores focus to the opener', async () => {
    const handleClose = jest.fn();
    render(<Harness onClose={handleClose} />);
    const opener = screen.getByRole('button', { name: 'Add Contacts' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(handleClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const handleClose = jest.fn();
    render(<Harness onClose={handleClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Contacts' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    expect(handleClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(handleClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    render(<Modal open={false} onClose={() => undefined} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
