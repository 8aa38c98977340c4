import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Select } from './Select';

const meta = {
  title: 'Components/Select',
  component: Select,
  args: {
    label: 'Organization type',
    placeholder: 'Select a type',
    options: [
      { value: 'campaign', label: 'Political campaign' },
      { value: 'nonprofit', label: 'Nonprofit' },
      { value: '501c', label: '501(c) organisation' },
      { value: 'community', label: 'Community organisation' },
    ],
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = { args: { error: 'Organization type is required' } };
export const WithHint: Story = { args: { hint: 'Used to tailor reports' } };
export const Disabled: Story = { args: { disabled: true } };
