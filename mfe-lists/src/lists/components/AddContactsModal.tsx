import { useEffect, useState } from 'react';
import { Button, Checkbox, EmptyState, Modal, Skeleton, TextField } from '@caucus/design-system';
import { toast, formatWholeUsd } from '@caucus/platform';
import { SELECT_CONTACTS_TO_ADD } from '@caucus/contract';
import { useAddMembers, useAvailableContacts } from '../hooks/useLists';
import { contactName } from '../utils/format';
import styles from './AddContactsModal.module.css';

/** Search the account's contacts that are not members yet (50 at a time) and add the selected ones. */
export function AddContactsModal({ listId, onClose }: { listId: string; onClose: () => void }) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const available = useAvailableContacts(listId, search, true);
  const add = useAddMembers(listId);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleAdd = () => {
    if (selected.size === 0) {
      toast.warning(SELECT_CONTACTS_TO_ADD);
      return;
    }
    add.mutate([...selected], { onSuccess: onClose });
  };

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title="Add Contacts"
      description="Contacts already on this list are not shown."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={handleAdd} loading={add.isPending}>
            {selected.size > 0 ? `Add ${selected.size.toLocaleString('en-US')} Selected` : 'Add Selected'}
          </Button>
        </>
      }
    >
      <TextField
        label="Search contacts"
        hideLabel
        type="search"
        placeholder="Search by name, organization or email"
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
      />
      <div className={styles.results}>
        {available.isPending ? (
          <Skeleton lines={5} />
        ) : available.isError ? (
          <p className={styles.error}>Contacts could not be loaded.</p>
        ) : available.data.contacts.length === 0 ? (
          <EmptyState title="No contacts found" message={search ? 'No contact outside this list matches.' : 'Every contact is already on this list.'} />
        ) : (
          <ul className={styles.list} aria-label="Available contacts">
            {available.data.contacts.map((contact) => (
              <li key={contact.id} className={styles.row}>
                <Checkbox
                  label={contactName(contact)}
                  description={[contact.primaryEmail, [contact.city, contact.state].filter(Boolean).join(', '), formatWholeUsd(contact.totalDonated)]
                    .filter(Boolean)
                    .join(' · ')}
                  checked={selected.has(contact.id)}
                  onChange={() => toggle(contact.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
