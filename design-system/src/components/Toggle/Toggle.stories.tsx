import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Toggle } from './Toggle';

const meta = {
  title: 'Components/Toggle',
  component: Toggle,
  args: { label: 'Email notifications' },
} satisfies Meta<typeof Toggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { defaultChecked: true } };
export const WithDescription: Story = { args: { label: 'Active campaign', description: 'Inactive campaigns are hidden from the dashboard' } };
export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
