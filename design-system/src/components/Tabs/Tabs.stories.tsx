import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState, type ComponentProps } from 'react';
import { Tabs, type TabItem } from './Tabs';

const items: TabItem[] = [
  { id: 'import', label: 'Data Import', content: <p>Select a campaign and upload a CSV, XLS or XLSX file.</p> },
  { id: 'history', label: 'Import History', content: <p>Imports of the last 30 days.</p> },
  { id: 'analytics', label: 'Analytics', content: <p>Analytics is under development.</p> },
  { id: 'reports', label: 'Reports', content: <p>Donation Report, Contact Report, Campaign Performance, Financial Summary.</p> },
];

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { label: 'Data sections', items },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Uncontrolled: Story = {};
export const WithDisabledTab: Story = {
  args: { items: items.map((item) => (item.id === 'analytics' ? { ...item, disabled: true } : item)) },
};
function ControlledTabs(args: ComponentProps<typeof Tabs>) {
  const [value, setValue] = useState('history');
  return (
    <div>
      <Tabs {...args} value={value} onChange={setValue} />
      <p>Selected: {value}</p>
    </div>
  );
}

export const Controlled: Story = {
  render: (args) => <ControlledTabs {...args} />,
};
