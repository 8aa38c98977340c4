import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { ProgressBar } from '../ProgressBar';
import { Card } from './Card';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: { title: 'Total Contacts', children: <p style={{ fontSize: 28, fontWeight: 700, margin: 0 }}>2,847</p> },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Metric: Story = {};
export const WithActionsAndFooter: Story = {
  args: {
    title: 'Spring Gala',
    subtitle: 'Friends of Ada committee',
    actions: <Badge tone="success">Active</Badge>,
    children: <ProgressBar label="Fundraising progress" value={18250} max={25000} />,
    footer: (
      <>
        <Button size="sm" variant="secondary">
          Edit
        </Button>
        <Button size="sm" variant="ghost">
          View Details
        </Button>
      </>
    ),
  },
};
export const NoHeader: Story = { args: { title: undefined, children: <p style={{ margin: 0 }}>Plain content card.</p> } };
