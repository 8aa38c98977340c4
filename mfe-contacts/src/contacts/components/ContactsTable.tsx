import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { contactPath } from '../paths';
import { ContactActions } from './ContactActions';
import { EmptyState } from '@caucus/design-system';
import { DataTable, type ColumnDef } from '@caucus/design-system/table';
import type { Contact } from '../api/contactsApi';
import { formatUsd } from '@caucus/platform';
import { contactLocation, contactName } from '../utils/format';
import styles from './ContactsTable.module.css';

export type ContactsTableProps = { contacts: Contact[] };

export function ContactsTable({ contacts }: ContactsTableProps) {
  const columns = useMemo<ColumnDef<Contact>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (contact) => contactName(contact),
        cell: ({ row }) => (
          <Link className={styles.name} to={contactPath(row.original.id)}>
            {contactName(row.original)}
          </Link>
        ),
      },
      { id: 'organization', header: 'Organization', accessorFn: (contact) => contact.organization ?? '' },
      {
        id: 'email',
        header: 'Email',
        accessorFn: (contact) => contact.primaryEmail ?? '',
        cell: ({ row }) =>
          row.original.primaryEmail ? (
            <a className={`${styles.link} ${styles.email}`} href={`mailto:${row.original.primaryEmail}`} title={row.original.primaryEmail}>
              {row.original.primaryEmail}
            </a>
          ) : null,
      },
      {
        id: 'phone',
        header: 'Phone',
        accessorFn: (contact) => contact.primaryPhone ?? '',
        cell: ({ row }) => <span className={styles.nowrap}>{row.original.primaryPhone ?? ''}</span>,
      },
      { id: 'location', header: 'Location', accessorFn: (contact) => contactLocation(contact) },
      {
        id: 'totalDonated',
        header: 'Total Donated',
        accessorFn: (contact) => contact.totalDonated,
        cell: ({ row }) => <span className={`${styles.amount} ${styles.nowrap}`}>{formatUsd(row.original.totalDonated)}</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => <ContactActions contact={row.original} />,
      },
    ],
    [],
  );

  return (
    <DataTable
      caption="Contacts"
      className={styles.table}
      columns={columns}
      data={contacts}
      getRowId={(contact) => contact.id}
      // The server pages the list; sorting one page of 20 would mislead.
      enableSorting={false}
      emptyState={<EmptyState title="No contacts found" message="Contacts you add or import appear here." />}
    />
  );
}
