import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Card } from '../Card';
import { Skeleton } from '../Skeleton';
import { CardGrid } from './CardGrid';

const meta = {
  title: 'Components/CardGrid',
  component: CardGrid,
  args: {
    children: ['Spring Canvass', 'Major Donors', 'Volunteers', 'Event RSVPs'].map((name) => <Card key={name} title={name} subtitle="Static list" />),
  },
} satisfies Meta<typeof CardGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {};
export const WideColumns: Story = { args: { minItemWidth: '20rem' } };
export const Loading: Story = {
  args: {
    'aria-busy': true,
    'aria-label': 'Loading contact lists',
    children: Array.from({ length: 6 }, (_, index) => (
      <Card key={index}>
        <Skeleton width="60%" height="1.25rem" />
        <Skeleton lines={2} />
      </Card>
    )),
  },
};
