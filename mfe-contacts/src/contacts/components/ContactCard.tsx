import { Link } from 'react-router-dom';
import { Avatar, Card } from '@caucus/design-system';
import type { Contact } from '../api/contactsApi';
import { contactPath } from '../paths';
import { formatUsd } from '@caucus/platform';
import { contactLocation, contactName } from '../utils/format';
import { ContactActions } from './ContactActions';
import styles from './ContactsPage.module.css';

/** The grid view of one contact: the same facts as a list row. */
export function ContactCard({ contact }: { contact: Contact }) {
  const name = contactName(contact);
  return (
    <Card aria-label={name} className={styles.card}>
      <div className={styles.cardHeader}>
        <Avatar name={name} />
        <div>
          <Link className={styles.cardName} to={contactPath(contact.id)}>
            {name}
          </Link>
          {contact.organization ? <p className={styles.muted}>{contact.organization}</p> : null}
        </div>
      </div>
      <dl className={styles.cardFacts}>
        <dt>Email</dt>
        <dd>{contact.primaryEmail ? <a href={`mailto:${contact.primaryEmail}`}>{contact.primaryEmail}</a> : '—'}</dd>
        <dt>Phone</dt>
        <dd>{contact.primaryPhone ? <a href={`tel:${contact.primaryPhone}`}>{contact.primaryPhone}</a> : '—'}</dd>
        <dt>Location</dt>
        <dd>{contactLocation(contact) || '—'}</dd>
        <dt>Total Donated</dt>
        <dd>{formatUsd(contact.totalDonated)}</dd>
      </dl>
      <ContactActions contact={contact} />
    </Card>
  );
}
