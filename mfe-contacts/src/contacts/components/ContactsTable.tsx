import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, EmptyState, type DataTableColumn } from '@caucus/design-system';
import type { Contact } from '../api/contactsApi';
import { contactLocation, contactName, formatUsd } from '../utils/format';
import styles from './ContactsTable.module.css';

export type ContactsTableProps = { contacts: Contact[] };

export function ContactsTable({ contacts }: ContactsTableProps) {
  const columns = useMemo<DataTableColumn<Contact>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: (contact) => (
          <Link className={styles.name} to={contact.id}>
            {contactName(contact)}
          </Link>
        ),
      },
      { id: 'organization', header: 'Organization', cell: (contact) => contact.organization ?? '' },
      {
        id: 'email',
        header: 'Email',
        cell: (contact) =>
          contact.primaryEmail ? (
            <a className={styles.link} href={`mailto:${contact.primaryEmail}`}>
              {contact.primaryEmail}
            </a>
          ) : null,
      },
      { id: 'phone', header: 'Phone', cell: (contact) => contact.primaryPhone ?? '' },
      { id: 'location', header: 'Location', cell: (contact) => contactLocation(contact) },
      {
        id: 'totalDonated',
        header: 'Total Donated',
        align: 'right',
        cell: (contact) => <span className={styles.amount}>{formatUsd(contact.totalDonated)}</span>,
      },
    ],
    [],
  );

  if (contacts.length === 0) {
    return <EmptyState title="No contacts found" message="Contacts you add or import appear here." />;
  }
  return <DataTable columns={columns} data={contacts} getRowId={(contact) => contact.id} caption="Contacts" />;
}
