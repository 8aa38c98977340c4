import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { label: 'Fundraising progress', value: 18250, max: 25000 },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithLabel: Story = { args: { showLabel: true } };
export const OverGoal: Story = { args: { value: 37500, tone: 'success' } };
export const Empty: Story = { args: { value: 0 } };
export const Small: Story = { args: { size: 'sm', showPercent: false } };
