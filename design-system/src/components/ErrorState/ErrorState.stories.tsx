import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'Components/ErrorState',
  component: ErrorState,
  args: {
    title: 'Contact lists could not be loaded',
    error: new Error('The server is not responding. Try again in a moment.'),
    onRetry: () => undefined,
  },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ServerMessage: Story = {};
export const UnknownError: Story = { args: { title: 'Failed to load import history', error: null } };
export const Retrying: Story = { args: { retrying: true } };
