import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Modal } from './Modal';

const meta = {
  title: 'Components/Modal',
  component: Modal,
  args: { open: true, title: 'Add Donation', onClose: () => undefined },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

function ModalDemo(props: { size?: 'sm' | 'md' | 'lg' | 'xl'; startOpen?: boolean }) {
  const [open, setOpen] = useState(props.startOpen ?? true);
  return (
    <div style={{ padding: 24 }}>
      <Button onClick={() => setOpen(true)}>Add Donation</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        size={props.size}
        title="Add Donation"
        description="Donations are added to the contact's financial summary."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => setOpen(false)}>Save Donation</Button>
          </>
        }
      >
        <div style={{ display: 'grid', gap: 16 }}>
          <TextField label="Amount" type="number" min={0} step="0.01" />
          <TextField label="Donation date" type="date" />
        </div>
      </Modal>
    </div>
  );
}

export const Open: Story = { render: () => <ModalDemo /> };
export const Closed: Story = { render: () => <ModalDemo startOpen={false} /> };
export const Large: Story = { render: () => <ModalDemo size="lg" /> };
export const Confirmation: Story = {
  args: {
    size: 'sm',
    title: 'Delete List',
    children: <p>Delete this contact list? Its contacts are kept.</p>,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button variant="danger">Delete List</Button>
      </>
    ),
  },
};
