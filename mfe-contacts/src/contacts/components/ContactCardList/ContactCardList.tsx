import { Link } from 'react-router-dom';
import type { Contact } from '../../api/contactsApi';
import { contactPath } from '../../paths';
import { formatUsd } from '@caucus/platform';
import { contactName } from '../../utils/format';
import styles from './ContactCardList.module.css';

export type ContactCardListProps = { contacts: Contact[] };

/**
 * The contacts list on a phone: one card per contact with what a caller needs at hand (name, email,
 * phone, total given), where seven table columns would not fit. The page decides when it shows.
 */
export function ContactCardList({ contacts }: ContactCardListProps) {
  return (
    <ul className={styles.list} aria-label="Contacts">
      {contacts.map((contact) => (
        <li key={contact.id} className={styles.card}>
          <Link className={styles.name} to={contactPath(contact.id)}>
            {contactName(contact)}
          </Link>
          <dl className={styles.facts}>
            <div>
              <dt>Email</dt>
              <dd>{contact.primaryEmail ? <a href={`mailto:${contact.primaryEmail}`}>{contact.primaryEmail}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{contact.primaryPhone ? <a href={`tel:${contact.primaryPhone}`}>{contact.primaryPhone}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Total Donated</dt>
              <dd className={styles.amount}>{formatUsd(contact.totalDonated)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
