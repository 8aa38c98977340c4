import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Avatar } from './Avatar';

// A tiny inline image keeps the story offline.
const PHOTO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#764ba2"/><circle cx="20" cy="15" r="7" fill="#fff"/><rect x="8" y="25" width="24" height="12" rx="6" fill="#fff"/></svg>',
  );

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: 'Grace Hopper' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {};
export const WithImage: Story = { args: { src: PHOTO, alt: 'Profile photo of Grace Hopper' } };
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
      <Avatar {...args} size="xl" />
    </div>
  ),
};
export const ColoursByName: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12 }}>
      {['Ada Lovelace', 'Katherine Johnson', 'Dorothy Vaughan', 'Mary Jackson', 'Cher'].map((name) => (
        <Avatar key={name} name={name} />
      ))}
    </div>
  ),
};
