import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { label: 'Remember me' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const WithDescription: Story = { args: { label: 'Current position', description: 'Clears and disables the end date' } };
export const WithError: Story = { args: { label: 'I agree to the terms and conditions', error: 'You must agree to the terms and conditions' } };
export const Disabled: Story = { args: { disabled: true } };
