import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { TextField } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', placeholder: 'you@example.org' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { label: 'Password', type: 'password', placeholder: undefined, hint: 'At least 8 characters' } };
export const WithError: Story = { args: { error: 'Please enter a valid email address', defaultValue: 'ada@' } };
export const Required: Story = { args: { label: 'First name', type: 'text', required: true, placeholder: undefined } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'ada@example.org' } };
export const Multiline: Story = { args: { multiline: true, label: 'Message', placeholder: 'How can we help?', rows: 5 } };
export const HiddenLabel: Story = { args: { label: 'Search', type: 'search', hideLabel: true, placeholder: 'Search contacts, campaigns, events...' } };
