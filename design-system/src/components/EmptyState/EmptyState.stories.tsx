import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: { title: 'No contact lists found' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {};
export const WithAction: Story = {
  args: {
    icon: '📊',
    title: 'No campaigns available',
    message: 'No campaigns available. Create your first campaign to get started!',
    action: <Button>New Campaign</Button>,
  },
};
