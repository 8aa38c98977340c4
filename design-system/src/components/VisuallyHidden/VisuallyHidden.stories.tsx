import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from '../Button';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'Components/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: ' of Donation Report' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sighted users read "Download CSV"; a screen reader says "Download CSV of Donation Report". */
export const CompletingAButtonName: Story = {
  render: (args) => (
    <Button variant="secondary" size="sm">
      Download CSV
      <VisuallyHidden {...args} />
    </Button>
  ),
};
