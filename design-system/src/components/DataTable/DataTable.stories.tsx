import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { DataTable, type DataTableProps } from './DataTable';

type ContactRow = { id: string; name: string; organization: string; email: string; location: string; donated: number; active: boolean };

const names = [
  'Ada Lovelace',
  'Grace Hopper',
  'Katherine Johnson',
  'Dorothy Vaughan',
  'Mary Jackson',
  'Hedy Lamarr',
  'Radia Perlman',
  'Frances Allen',
  'Barbara Liskov',
  'Margaret Hamilton',
  'Annie Easley',
  'Joan Clarke',
];
const rows: ContactRow[] = names.map((name, index) => ({
  id: String(index + 1),
  name,
  organization: index % 2 ? 'Friends of Ada' : 'Civic League',
  email: `${name.split(' ')[0].toLowerCase()}@example.org`,
  location: index % 3 ? 'Portland, OR' : 'Austin, TX',
  donated: (index * 731) % 5000,
  active: index % 4 !== 0,
}));

const helper = createColumnHelper<ContactRow>();
const columns = [
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('organization', { header: 'Organization' }),
  helper.accessor('email', { header: 'Email' }),
  helper.accessor('location', { header: 'Location' }),
  helper.accessor('donated', {
    header: 'Total Donated',
    cell: (info) => info.getValue().toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  }),
  helper.accessor('active', {
    header: 'Status',
    cell: (info) => <Badge tone={info.getValue() ? 'success' : 'neutral'}>{info.getValue() ? 'Active' : 'Inactive'}</Badge>,
  }),
  helper.display({
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: () => (
      <Button size="sm" variant="ghost" onClick={(event) => event.stopPropagation()}>
        Edit
      </Button>
    ),
  }),
];

function ContactsTable(props: Partial<DataTableProps<ContactRow>>) {
  return <DataTable caption="Contacts" data={rows} columns={columns} getRowId={(row) => row.id} {...props} />;
}

const meta = {
  title: 'Components/DataTable',
  component: ContactsTable,
} satisfies Meta<typeof ContactsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Paginated: Story = { args: { pageSize: 5, itemLabel: 'contacts' } };
export const SortedByDonation: Story = { args: { initialSorting: [{ id: 'donated', desc: true }] } };
export const ClickableRows: Story = { args: { onRowClick: () => undefined, rowLabel: (row) => `Open ${row.name}` } };
export const Loading: Story = { args: { data: [], loading: true } };
export const Empty: Story = { args: { data: [], emptyMessage: 'No contacts found' } };
export const CustomEmptyState: Story = {
  args: {
    data: [],
    emptyState: <EmptyState title="No contacts yet" message="Import a file or add your first contact." action={<Button>+ Add Contact</Button>} />,
  },
};
