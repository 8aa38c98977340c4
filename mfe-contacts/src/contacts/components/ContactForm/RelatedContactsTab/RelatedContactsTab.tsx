import { Button, ErrorState } from '@caucus/design-system';
import { FormSelect, FormTextField } from '@caucus/design-system/form';
import { useContactFormList } from '../../../hooks/useContactForm';
import { useAssociationCandidates } from '../../../hooks/useContacts';
import { newAssociation, RELATIONSHIP_TYPES, removeAt, type ContactFormValues } from '../../../utils/contactForm';
import { contactName } from '../../../utils/format';
import { ListEntry } from '../ListEntry';
import layout from '../ContactForm.module.css';

export type RelatedContactsTabProps = {
  /** The contact being edited, which cannot be related to itself; absent on a new contact. */
  contactId?: string;
};

/** The contact form's Related Contacts tab: other contacts of the account and how this one relates to them. */
export function RelatedContactsTab({ contactId }: RelatedContactsTabProps) {
  const [associations, updateAssociations] = useContactFormList('associations');
  const candidates = useAssociationCandidates();
  const candidateOptions = (candidates.data ?? [])
    .filter((candidate) => candidate.id !== contactId)
    .map((candidate) => ({ value: candidate.id, label: contactName(candidate) }));
  return (
    <div className={layout.stack}>
      {candidates.isError ? (
        <ErrorState title="Contacts to relate could not be loaded" error={candidates.error} onRetry={() => void candidates.refetch()} />
      ) : null}
      {associations.map((_association, i) => (
        <ListEntry key={i} title={`Related contact ${i + 1}`} onRemove={() => updateAssociations((items) => removeAt(items, i))}>
          <FormSelect<ContactFormValues>
            label="Contact"
            placeholder={candidates.isPending ? 'Loading contacts...' : 'Select a contact'}
            options={candidateOptions}
            name={`associations.${i}.associatedContactId`}
          />
          <FormSelect<ContactFormValues> label="Relationship" options={RELATIONSHIP_TYPES} name={`associations.${i}.relationshipType`} />
          <FormTextField<ContactFormValues> label="Relationship description" name={`associations.${i}.relationshipDescription`} />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updateAssociations((items) => [...items, newAssociation()])}>
        + Add Related Contact
      </Button>
    </div>
  );
}
