import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from './Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save changes' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { variant: 'primary' } };
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'View Details' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete List' } };
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
};
export const Loading: Story = { args: { loading: true, children: 'Saving...' } };
export const Disabled: Story = { args: { disabled: true, children: 'Next' } };
export const AsLink: Story = { args: { href: '/signup', children: 'Get Started' } };
export const FullWidth: Story = { args: { fullWidth: true, children: 'Sign In' } };
