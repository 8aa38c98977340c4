import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from './DataTable';

type Contact = { id: string; name: string; donated: number };

const helper = createColumnHelper<Contact>();
const columns = [
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('donated', { header: 'Total Donated', cell: (info) => `$${info.getValue()}` }),
  helper.display({ id: 'actions', header: 'Actions', cell: () => <button type="button">Edit</button>, enableSorting: false }),
];

const contacts: Contact[] = [
  { id: '1', name: 'Grace Hopper', donated: 250 },
  { id: '2', name: 'Ada Lovelace', donated: 1000 },
  { id: '3', name: 'Katherine Johnson', donated: 50 },
];

function bodyNames() {
  const rows = screen.getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0].textContent);
}

describe('DataTable', () => {
  it('renders headers, cells and a caption', () => {
    render(<DataTable caption="Contacts" data={contacts} columns={columns} getRowId={(row) => row.id} />);
    expect(screen.getByRole('table', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Total Donated/ })).toBeInTheDocument();
    expect(screen.getByText('$1000')).toBeInTheDocument();
  });

  it('is a region named by its caption that the keyboard reaches, so a table wider than the screen can be scrolled', async () => {
    render(<DataTable caption="Donations" data={contacts} columns={columns} enableSorting={false} getRowId={(row) => row.id} />);
    const region = screen.getByRole('region', { name: 'Donations' });
    await userEvent.tab();
    expect(region).toHaveFocus();
    expect(within(region).getByRole('table', { name: 'Donations' })).toBeInTheDocument();
  });

  it('sorts by a clickable header and reports aria-sort', async () => {
    render(<DataTable caption="Contacts" data={contacts} columns={columns} />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Katherine Johnson', 'Grace Hopper', 'Ada Lovelace']);
  });

  it('sorts numbers numerically', async () => {
    render(<DataTable caption="Contacts" data={contacts} columns={columns} />);
    const header = screen.getByRole('columnheader', { name: /Total Donated/ });
    // Numbers sort descending first in TanStack Table, as "biggest donors first" expects.
    await userEvent.click(within(header).getByRole('button'));
    expect(bodyNames()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
  });

  it('paginates with the Pagination control', async () => {
    render(<DataTable caption="Contacts" data={contacts} columns={columns} pageSize={2} itemLabel="contacts" />);
    expect(bodyNames()).toEqual(['Grace Hopper', 'Ada Lovelace']);
    expect(screen.getByText('Page 1 of 2 (3 total contacts)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyNames()).toEqual(['Katherine Johnson']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the empty state', () => {
    render(<DataTable caption="Lists" data={[]} columns={columns} emptyMessage="No contact lists found" pageSize={10} />);
    expect(screen.getByRole('heading', { name: 'No contact lists found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('opens a row by click or Enter', async () => {
    const handleRowClick = jest.fn();
    render(<DataTable caption="Contacts" data={contacts} columns={columns} onRowClick={handleRowClick} rowLabel={(row) => `Open ${row.name}`} />);
    await userEvent.click(screen.getByRole('row', { name: 'Open Ada Lovelace' }));
    expect(handleRowClick).toHaveBeenLastCalledWith(contacts[1]);
    screen.getByRole('row', { name: 'Open Grace Hopper' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(handleRowClick).toHaveBeenLastCalledWith(contacts[0]);
  });
});
