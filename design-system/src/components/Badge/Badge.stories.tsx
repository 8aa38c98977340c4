import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Badge, type BadgeTone } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Active', tone: 'success' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
const tones: Array<[BadgeTone, string]> = [
  ['neutral', 'Draft'],
  ['brand', 'Smart'],
  ['success', 'Completed'],
  ['warning', 'Paused'],
  ['danger', 'Failed'],
  ['info', 'Processing'],
];
export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {tones.map(([tone, label]) => (
        <Badge key={tone} tone={tone}>
          {label}
        </Badge>
      ))}
    </div>
  ),
};
export const Small: Story = { args: { size: 'sm', tone: 'brand', children: 'Static' } };
