import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { Button, Card, ErrorState, PageHeader, Skeleton, Tabs } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import { youngBirthDateWarning } from '@caucus/contract';
import { usePlausibility } from '../../../../shared/PlausibilityWarnings';
import { analytics, toast, useMutation, useQueryClient, workspaceCalendarDate } from '@caucus/platform';
import { FinancialsTab } from '../../../../financials';
import { DocumentsTab } from '../../../../files';
import { contactsKeys, createContact, updateContact, type ContactWithImages } from '../../../api/contactsApi';
import { useContactForm } from '../../../hooks/useContactForm';
import { useAssociationCandidates, useContact } from '../../../hooks/useContacts';
import { CONTACTS_PATH, contactPath } from '../../../paths';
import { emptyContactForm, formFromContact, tabOfField, toContactInput, type ContactFormValues } from '../../../utils/contactForm';
import { contactName } from '../../../utils/format';
import { AddressesTab } from '../AddressesTab';
import { BasicInfoTab } from '../BasicInfoTab';
import { ContactDetailsTab } from '../ContactDetailsTab';
import { CONTACT_TABS, SAVE_FIRST_DOCUMENTS, SAVE_FIRST_FINANCIALS, type ContactTabId } from '../contactFormTabs';
import { EducationTab } from '../EducationTab';
import { EmploymentTab } from '../EmploymentTab';
import { NotesTagsTab } from '../NotesTagsTab';
import { RelatedContactsTab } from '../RelatedContactsTab';
import layout from '../ContactForm.module.css';
import styles from './ContactFormPage.module.css';

type FormProps = { contact?: ContactWithImages };

/**
 * The contact form: owns the form (one react-hook-form over the contract's rules), the selected tab,
 * and saving. Each tab reads the form from the surrounding Form.
 */
function ContactForm({ contact }: FormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isEdit = Boolean(contact);
  const form = useContactForm(contact ? formFromContact(contact) : emptyContactForm());
  const birthDate = useWatch({ control: form.control, name: 'birthDate' });
  // A birth date under 16 years ago is usually a typo (2030 for 2003): saved once confirmed. Only a
  // changed date asks, so a contact who is a minor does not ask at every save.
  const savedBirthDate = contact ? formFromContact(contact).birthDate : '';
  const plausibility = usePlausibility(
    [birthDate !== savedBirthDate ? youngBirthDateWarning(birthDate as string | undefined, workspaceCalendarDate()) : null].filter((w): w is string =>
      Boolean(w),
    ),
  );
  const [tab, setTab] = useState<string>('basic');
  // Tabs mounts only the open panel: the tag being typed lives here, as the fields live in the form.
  const [tagDraft, setTagDraft] = useState('');
  // The contacts to relate start loading with the form, so the Related Contacts tab lists them at once.
  useAssociationCandidates();

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toContactInput>) => (contact ? updateContact(contact.id, input) : createContact(input)),
    onSuccess: (saved) => {
      if (!isEdit) analytics.track('contact_created', { contactId: saved.id });
      void queryClient.invalidateQueries({ queryKey: contactsKeys.all });
      toast.success(isEdit ? 'Contact updated' : 'Contact created', contactName(saved));
      void navigate(contactPath(saved.id));
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(isEdit ? `Error updating contact: ${message}` : `Error creating contact: ${message}`);
    },
  });

  const handleSubmit = (valid: ContactFormValues) => {
    if (!plausibility.attempt()) {
      setTab('basic');
      return;
    }
    save.mutate(toContactInput(valid));
  };
  // Open the tab that holds the first error.
  const handleInvalid = (errors: FieldErrors<ContactFormValues>) => {
    const first = Object.keys(errors)[0];
    if (first !== undefined) setTab(tabOfField(first));
  };

  const content: Record<ContactTabId, ReactNode> = {
    basic: <BasicInfoTab contact={contact} plausibility={plausibility.element} />,
    details: <ContactDetailsTab />,
    addresses: <AddressesTab />,
    related: <RelatedContactsTab contactId={contact?.id} />,
    education: <EducationTab />,
    employment: <EmploymentTab />,
    // In the contact form pledges and donations are always editable (docs/product/screens.md, Contacts).
    financials: contact ? <FinancialsTab contactId={contact.id} readOnly={false} /> : <p className={layout.note}>{SAVE_FIRST_FINANCIALS}</p>,
    documents: contact ? <DocumentsTab contactId={contact.id} /> : <p className={layout.note}>{SAVE_FIRST_DOCUMENTS}</p>,
    notes: <NotesTagsTab tagDraft={tagDraft} onTagDraftChange={setTagDraft} />,
  };

  return (
    <Form form={form} onSubmit={handleSubmit} onInvalid={handleInvalid} className={styles.page}>
      <PageHeader title={isEdit ? 'Edit Contact' : 'Add Contact'} subtitle={contact ? contactName(contact) : undefined} />
      <Card>
        <Tabs
          label="Contact form sections"
          value={tab}
          onChange={setTab}
          items={CONTACT_TABS.map((t) => ({ id: t.id, label: t.label, content: content[t.id] }))}
        />
      </Card>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => navigate(contact ? contactPath(contact.id) : CONTACTS_PATH)}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {isEdit ? 'Update Contact' : 'Create Contact'}
        </Button>
      </div>
    </Form>
  );
}

export function ContactFormPage() {
  const { id } = useParams();
  const query = useContact(id);
  if (!id) return <ContactForm />;
  if (query.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading contact">
        <Skeleton height="2rem" />
        <Skeleton height="12rem" />
      </Card>
    );
  }
  if (query.isError) {
    return <ErrorState title="This contact could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <ContactForm key={query.data.id} contact={query.data} />;
}
