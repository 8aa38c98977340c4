import { useState } from 'react';
import { Button, TextField } from '@caucus/design-system';
import { useQuery } from '@caucus/platform';
import { financialsKeys, searchPayeeContacts, type PayeeContact } from '../../api/financialsApi';
import styles from '../Financials.module.css';

export type PayeeContactSearchProps = {
  /** The contact chosen as payee, if any. */
  chosen: { id: string; name: string } | null;
  onChoose: (contact: PayeeContact) => void;
  onClear: () => void;
};

export const contactName = (c: Pick<PayeeContact, 'firstName' | 'lastName' | 'organization'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.organization || 'Unnamed contact';

/**
 * A payee found among the contacts (a staff member paid, a vendor kept as a contact, a contributor
 * refunded): choosing one fills the payee's name and address, and the disbursement keeps the contact.
 */
export function PayeeContactSearch({ chosen, onChoose, onClear }: PayeeContactSearchProps) {
  const [search, setSearch] = useState('');
  const trimmed = search.trim();
  const found = useQuery({
    queryKey: financialsKeys.payeeContacts(trimmed),
    queryFn: ({ signal }) => searchPayeeContacts(trimmed, signal),
    enabled: !chosen && trimmed.length >= 2,
  });
  if (chosen) {
    return (
      <div className={styles.toolbar} role="group" aria-label="Payee contact">
        <span>
          Payee contact: <strong>{chosen.name}</strong>
        </span>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Not a contact
        </Button>
      </div>
    );
  }
  const contacts = found.data ?? [];
  return (
    <div className={styles.stack}>
      <TextField
        label="Payee from contacts (optional)"
        placeholder="Search by name or email"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint="Or type the payee below"
      />
      {trimmed.length >= 2 && found.isSuccess && contacts.length === 0 ? <p className={styles.hint}>No contact matches.</p> : null}
      {contacts.length > 0 ? (
        <ul className={`${styles.stack} ${styles.plainList}`} aria-label="Matching contacts">
          {contacts.map((contact) => (
            <li key={contact.id} className={styles.toolbar}>
              <span>
                {contactName(contact)}
                {contact.city || contact.primaryEmail ? (
                  <span className={styles.hint}> {[contact.city, contact.primaryEmail].filter(Boolean).join(', ')}</span>
                ) : null}
              </span>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  onChoose(contact);
                }}
                aria-label={`Pay ${contactName(contact)}`}
              >
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
