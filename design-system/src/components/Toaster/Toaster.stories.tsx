import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { toast } from '../../toasts/state';
import { Button } from '../Button';
import { Toaster, ToastItem } from './Toaster';

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const noop = () => undefined;

export const SuccessToast: Story = {
  render: () => <ToastItem toast={{ id: 1, type: 'success', title: 'Contact list created successfully', duration: 5000 }} onDismiss={noop} />,
};
export const ErrorToast: Story = {
  render: () => (
    <ToastItem
      toast={{ id: 2, type: 'error', title: 'Import Failed', message: 'Error importing data. Please try again.', duration: 5000 }}
      onDismiss={noop}
    />
  ),
};
export const WarningToast: Story = {
  render: () => (
    <ToastItem
      toast={{ id: 3, type: 'warning', title: 'Duplicate Field Mappings Detected', message: 'Each field can be mapped to one column only.', duration: 5000 }}
      onDismiss={noop}
    />
  ),
};
export const InfoToast: Story = {
  render: () => <ToastItem toast={{ id: 4, type: 'info', title: 'Import history refreshes every 5 seconds', duration: 0 }} onDismiss={noop} />,
};
export const Live: Story = {
  render: () => (
    <div style={{ padding: 24, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast.success('Contact list created successfully')}>Success</Button>
      <Button variant="danger" onClick={() => toast.error('Error loading contact lists', 'Please try again.')}>
        Error
      </Button>
      <Button variant="secondary" onClick={() => toast.warning('Missing Required Fields')}>
        Warning
      </Button>
      <Button variant="ghost" onClick={() => toast.info('Sticky note', 'Stays until closed', { duration: 0 })}>
        Info (stays)
      </Button>
      <Toaster />
    </div>
  ),
};
