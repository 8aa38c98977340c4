import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState, type ComponentProps } from 'react';
import { Pagination } from './Pagination';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { page: 2, pageCount: 5, onPageChange: () => undefined },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {};
export const FirstPage: Story = { args: { page: 1 } };
export const LastPage: Story = { args: { page: 5 } };
export const WithTotal: Story = { args: { total: 48, itemLabel: 'lists' } };
function InteractivePagination(args: ComponentProps<typeof Pagination>) {
  const [page, setPage] = useState(1);
  return <Pagination {...args} page={page} onPageChange={setPage} />;
}

export const Interactive: Story = {
  render: (args) => <InteractivePagination {...args} />,
};
