import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Delete Event',
    children: <p>Are you sure you want to delete "Spring Gala"?</p>,
    onConfirm: () => undefined,
    onClose: () => undefined,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Pending: Story = { args: { pending: true } };

export const CustomLabel: Story = {
  args: { title: 'Remove Members', confirmLabel: 'Remove', children: <p>Remove 3 contact(s) from this list?</p> },
};
