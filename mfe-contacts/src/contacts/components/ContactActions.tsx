import { Link } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import type { Contact } from '../api/contactsApi';
import { contactPath, editContactPath } from '../paths';
import { contactName } from '../utils/format';
import styles from './ContactsPage.module.css';

/** Edit (for roles that may), and the contact's real URL in a new tab (a fundraiser keeps the list open beside it). */
export function ContactActions({ contact }: { contact: Contact }) {
  const name = contactName(contact);
  const canEdit = useCan('contacts.write');
  return (
    <div className={styles.actions}>
      {canEdit ? (
        <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={editContactPath(contact.id)} aria-label={`Edit ${name}`}>
          Edit
        </Link>
      ) : null}
      <a
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        href={contactPath(contact.id)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${name} in a new tab`}
        title="Open in a new tab"
      >
        <span aria-hidden="true">↗</span>
      </a>
    </div>
  );
}
