import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { Button } from '../Button';
import { ToastItem, ToastRegion, type ToastMessage, type ToastType } from './Toaster';

const noop = () => undefined;

const meta = {
  title: 'Components/Toaster',
  component: ToastRegion,
  parameters: { layout: 'fullscreen' },
  args: { toasts: [], onDismiss: noop },
} satisfies Meta<typeof ToastRegion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SuccessToast: Story = {
  render: () => <ToastItem toast={{ id: 1, type: 'success', title: 'Contact list created successfully', duration: 5000 }} onDismiss={noop} />,
};
export const ErrorToast: Story = {
  render: () => (
    <ToastItem toast={{ id: 2, type: 'error', title: 'Import Failed', message: 'Error importing data. Please try again.', duration: 5000 }} onDismiss={noop} />
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

/** The region as the app fills it: each button raises a toast, the close button dismisses it. */
function LiveRegion() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const raise = (type: ToastType, title: string, message?: string) =>
    setToasts((shown) => [...shown, { id: (shown.at(-1)?.id ?? 0) + 1, type, title, message, duration: 0 }]);
  return (
    <div style={{ padding: 24, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => raise('success', 'Contact list created successfully')}>Success</Button>
      <Button variant="danger" onClick={() => raise('error', 'Error loading contact lists', 'Please try again.')}>
        Error
      </Button>
      <Button variant="secondary" onClick={() => raise('warning', 'Missing Required Fields')}>
        Warning
      </Button>
      <Button variant="ghost" onClick={() => raise('info', 'Sticky note', 'Stays until closed')}>
        Info
      </Button>
      <ToastRegion toasts={toasts} onDismiss={(id) => setToasts((shown) => shown.filter((item) => item.id !== id))} />
    </div>
  );
}

export const Live: Story = {
  render: () => <LiveRegion />,
};
