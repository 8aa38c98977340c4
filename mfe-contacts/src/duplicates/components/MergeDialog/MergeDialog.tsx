import { useMemo, useState } from 'react';
import { Button, Modal } from '@caucus/design-system';
import { CONTACT_MERGE_FIELD_NAMES, CONTACT_MERGE_FIELDS, type DuplicateContactSummary, type ContactMergeField, type MergeRequest } from '@caucus/contract';
import styles from './MergeDialog.module.css';

export type MergeDialogProps = {
  contacts: DuplicateContactSummary[];
  pending: boolean;
  onMerge: (body: MergeRequest) => void;
  onClose: () => void;
};

/** The fields the queue's summaries carry, of the ones a merge chooses. */
const SHOWN: ContactMergeField[] = CONTACT_MERGE_FIELD_NAMES.filter((f) =>
  ['firstName', 'lastName', 'primaryEmail', 'primaryPhone', 'addressLine1', 'city', 'state', 'zipCode'].includes(f),
);
const valueOf = (c: DuplicateContactSummary, field: ContactMergeField) => String((c as unknown as Record<string, unknown>)[field] ?? '').trim();
const nameOf = (c: DuplicateContactSummary) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.primaryEmail || 'Unnamed contact';
const updated = (c: DuplicateContactSummary) => (c.updatedAt ? new Date(c.updatedAt).getTime() : 0);

/** Per field, the record of the most recent non-empty value (the API's default too). */
export function defaultChoices(contacts: DuplicateContactSummary[]): Partial<Record<ContactMergeField, string>> {
  const newest = [...contacts].sort((a, b) => updated(b) - updated(a));
  const out: Partial<Record<ContactMergeField, string>> = {};
  for (const field of SHOWN) {
    const from = newest.find((c) => valueOf(c, field) !== '');
    if (from) out[field] = from.id;
  }
  return out;
}

/**
 * Field by field: which record survives, and for each field that differs, whose value it keeps.
 * Everything else (every email, phone, address, note, document, list, related contact, gift and
 * pledge) is kept from both.
 */
export function MergeDialog({ contacts, pending, onMerge, onClose }: MergeDialogProps) {
  const [survivorId, setSurvivorId] = useState(() => [...contacts].sort((a, b) => b.donationCount - a.donationCount || updated(a) - updated(b))[0].id);
  const [choices, setChoices] = useState(() => defaultChoices(contacts));
  const differing = useMemo(() => SHOWN.filter((f) => new Set(contacts.map((c) => valueOf(c, f))).size > 1), [contacts]);

  const handleMerge = () => {
    const fields = Object.fromEntries(differing.filter((f) => choices[f]).map((f) => [f, choices[f]])) as Partial<Record<ContactMergeField, string>>;
    onMerge({ survivorId, mergedIds: contacts.filter((c) => c.id !== survivorId).map((c) => c.id), fields });
  };

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title="Merge contacts"
      description="Every email, phone, address, tag, note, document, list, related contact, gift and pledge of both records is kept. Totals and compliance flags are recomputed. You can undo a merge for 30 days."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={handleMerge} loading={pending}>
            Merge
          </Button>
        </>
      }
    >
      <fieldset className={styles.group}>
        <legend>Record that stays</legend>
        {contacts.map((c) => (
          <label key={c.id} className={styles.choice}>
            <input type="radio" name="survivor" checked={survivorId === c.id} onChange={() => setSurvivorId(c.id)} />
            <span>
              {nameOf(c)} · {c.donationCount} {c.donationCount === 1 ? 'gift' : 'gifts'}
            </span>
          </label>
        ))}
      </fieldset>
      {differing.length === 0 ? <p>The records agree on every field shown; the merge keeps them.</p> : null}
      {differing.map((field) => (
        <fieldset key={field} className={styles.group}>
          <legend>{CONTACT_MERGE_FIELDS[field]}</legend>
          {contacts.map((c) => (
            <label key={c.id} className={styles.choice}>
              <input type="radio" name={`field-${field}`} checked={choices[field] === c.id} onChange={() => setChoices({ ...choices, [field]: c.id })} />
              <span>{valueOf(c, field) || <em>(empty)</em>}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </Modal>
  );
}
