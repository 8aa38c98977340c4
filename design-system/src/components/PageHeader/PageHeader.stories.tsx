import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  args: {
    title: 'Contact Lists',
    subtitle: 'Group supporters into static lists you curate by hand, or smart lists that keep themselves current from rules.',
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithSubtitle: Story = {};
export const TitleOnly: Story = { args: { title: 'Events', subtitle: undefined } };
export const WithActions: Story = {
  args: { title: 'Campaign Management', actions: <Button>New Campaign</Button> },
};
