import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Checkbox, ErrorState, PageHeader, Select, Skeleton, Tabs, TextField } from '@caucus/design-system';
import { analytics, toast, useMutation, useQueryClient } from '@caucus/design-system/session';
import { FinancialsTab } from '../../financials';
import { DocumentsTab, ProfileImageField } from '../../files';
import { contactsKeys, createContact, updateContact, type ContactWithImages } from '../api/contactsApi';
import { useAssociationCandidates, useContact } from '../hooks/useContacts';
import { CONTACTS_PATH, contactPath } from '../paths';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_TYPES,
  DEGREE_TYPES,
  EMAIL_TYPES,
  EMPLOYMENT_TYPES,
  emptyContactForm,
  formFromContact,
  GPA_MAX,
  GPA_MIN,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  markPrimary,
  move,
  newAddress,
  newAssociation,
  newEducation,
  newEmail,
  newEmployment,
  newNote,
  newPhone,
  NOTE_TYPES,
  PHONE_TYPES,
  RELATIONSHIP_TYPES,
  removeAt,
  STATUS_OPTIONS,
  tabOfField,
  toContactInput,
  validateContactForm,
  type ContactFormValues,
  type FormErrors,
  type ScalarField,
} from '../utils/contactForm';
import { contactName } from '../utils/format';
import styles from './ContactFormPage.module.css';

export const SAVE_FIRST_IMAGES = 'Please save the contact first before uploading images';
export const SAVE_FIRST_DOCUMENTS = 'Please save the contact first before uploading documents';
export const SAVE_FIRST_FINANCIALS = 'Please save the contact first before adding pledges and donations';

export const CONTACT_TABS = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'details', label: 'Contact Details' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'related', label: 'Related Contacts' },
  { id: 'education', label: 'Education' },
  { id: 'employment', label: 'Employment' },
  { id: 'financials', label: 'Financials' },
  { id: 'documents', label: 'Documents' },
  { id: 'notes', label: 'Notes & Tags' },
] as const;

type ListKey = 'phoneNumbers' | 'emailAddresses' | 'addresses' | 'associations' | 'education' | 'employment' | 'notes';

function Entry({ title, onRemove, children, extra }: { title: string; onRemove: () => void; children: ReactNode; extra?: ReactNode }) {
  return (
    <fieldset className={styles.entry}>
      <legend className={styles.legend}>{title}</legend>
      <div className={styles.grid}>{children}</div>
      <div className={styles.entryActions}>
        {extra}
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </div>
    </fieldset>
  );
}

type FormProps = { contact?: ContactWithImages };

function ContactForm({ contact }: FormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isEdit = Boolean(contact);
  const [values, setValues] = useState<ContactFormValues>(() => (contact ? formFromContact(contact) : emptyContactForm()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState<string>('basic');
  const [tagDraft, setTagDraft] = useState('');
  const candidates = useAssociationCandidates();

  // Errors follow the edits once the user has tried to save, so a fixed field clears its message.
  useEffect(() => {
    if (submitted) setErrors(validateContactForm(values));
  }, [values, submitted]);

  const save = useMutation({
    mutationFn: () => {
      const input = toContactInput(values);
      return contact ? updateContact(contact.id, input) : createContact(input);
    },
    onSuccess: (saved) => {
      if (!isEdit) analytics.track('contact_created', { contactId: saved.id });
      void queryClient.invalidateQueries({ queryKey: contactsKeys.all });
      toast.success(isEdit ? 'Contact updated' : 'Contact created', contactName(saved));
      navigate(contactPath(saved.id));
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(isEdit ? `Error updating contact: ${message}` : `Error creating contact: ${message}`);
    },
  });

  const setField = (field: ScalarField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  function setItem<K extends ListKey>(key: K, index: number, patch: Partial<ContactFormValues[K][number]>) {
    setValues((current) => ({
      ...current,
      [key]: (current[key] as ContactFormValues[K][number][]).map((item, i) => (i === index ? { ...item, ...patch } : item)),
    }));
  }
  function setList<K extends ListKey>(key: K, update: (items: ContactFormValues[K]) => ContactFormValues[K]) {
    setValues((current) => ({ ...current, [key]: update(current[key]) }));
  }

  const handleSubmit = () => {
    setSubmitted(true);
    const found = validateContactForm(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setTab(tabOfField(first));
      return;
    }
    save.mutate();
  };

  const field = (name: ScalarField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => setField(name, event.target.value)}
      error={errors[name]}
      {...(extra as object)}
    />
  );

  const candidateOptions = (candidates.data ?? [])
    .filter((candidate) => candidate.id !== contact?.id)
    .map((candidate) => ({ value: candidate.id, label: contactName(candidate) }));

  const basic = (
    <div className={styles.stack}>
      {errors.identity ? (
        <p role="alert" className={styles.formError}>
          {errors.identity}
        </p>
      ) : null}
      {contact ? (
        <ProfileImageField contactId={contact.id} contactName={contactName(contact)} imageUrl={contact.profileImageUrl ?? null} />
      ) : (
        <p className={styles.note}>{SAVE_FIRST_IMAGES}</p>
      )}
      <div className={styles.grid}>
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
        {field('organization', 'Organization')}
        {field('title', 'Title')}
        {field('primaryEmail', 'Primary email', { type: 'email' })}
        {field('birthDate', 'Birth date', { type: 'date' })}
        {field('occupation', 'Occupation')}
        {field('employer', 'Employer')}
        <Select label="Status" options={STATUS_OPTIONS} value={values.status} onChange={(event) => setField('status', event.target.value)} />
      </div>
    </div>
  );

  const details = (
    <div className={styles.stack}>
      <div className={styles.grid}>
        {field('secondaryEmail', 'Secondary email', { type: 'email' })}
        {field('primaryPhone', 'Primary phone', { type: 'tel' })}
        {field('secondaryPhone', 'Secondary phone', { type: 'tel' })}
        {field('mobilePhone', 'Mobile phone', { type: 'tel' })}
        {field('addressLine1', 'Address line 1')}
        {field('addressLine2', 'Address line 2')}
        {field('city', 'City')}
        {field('state', 'State')}
        {field('zipCode', 'ZIP code')}
        {field('country', 'Country')}
      </div>
      <h3 className={styles.subheading}>Phone Numbers</h3>
      {values.phoneNumbers.map((phone, i) => (
        <Entry key={i} title={`Phone ${i + 1}`} onRemove={() => setList('phoneNumbers', (items) => removeAt(items, i))}>
          <TextField label="Phone number" type="tel" value={phone.phoneNumber} onChange={(e) => setItem('phoneNumbers', i, { phoneNumber: e.target.value })} />
          <Select label="Phone type" options={PHONE_TYPES} value={phone.phoneType} onChange={(e) => setItem('phoneNumbers', i, { phoneType: e.target.value })} />
          <TextField label="Extension" value={phone.extension} onChange={(e) => setItem('phoneNumbers', i, { extension: e.target.value })} />
          <TextField label="Phone notes" value={phone.notes} onChange={(e) => setItem('phoneNumbers', i, { notes: e.target.value })} />
          <Checkbox label="Primary phone number" checked={phone.isPrimary} onChange={() => setList('phoneNumbers', (items) => markPrimary(items, i))} />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('phoneNumbers', (items) => [...items, newPhone(items)])}>
        + Add Phone
      </Button>
      <h3 className={styles.subheading}>Email Addresses</h3>
      {values.emailAddresses.map((email, i) => (
        <Entry key={i} title={`Email ${i + 1}`} onRemove={() => setList('emailAddresses', (items) => removeAt(items, i))}>
          <TextField
            label="Email address"
            type="email"
            value={email.emailAddress}
            error={errors[`emailAddresses.${i}.emailAddress`]}
            onChange={(e) => setItem('emailAddresses', i, { emailAddress: e.target.value })}
          />
          <Select label="Email type" options={EMAIL_TYPES} value={email.emailType} onChange={(e) => setItem('emailAddresses', i, { emailType: e.target.value })} />
          <TextField label="Email notes" value={email.notes} onChange={(e) => setItem('emailAddresses', i, { notes: e.target.value })} />
          <Checkbox label="Primary email address" checked={email.isPrimary} onChange={() => setList('emailAddresses', (items) => markPrimary(items, i))} />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('emailAddresses', (items) => [...items, newEmail(items)])}>
        + Add Email
      </Button>
    </div>
  );

  const addresses = (
    <div className={styles.stack}>
      {values.addresses.map((address, i) => (
        <Entry
          key={i}
          title={`Address ${i + 1}`}
          onRemove={() => setList('addresses', (items) => removeAt(items, i))}
          extra={
            <>
              <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => setList('addresses', (items) => move(items, i, -1))} aria-label={`Move address ${i + 1} up`}>
                ↑ Up
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={i === values.addresses.length - 1}
                onClick={() => setList('addresses', (items) => move(items, i, 1))}
                aria-label={`Move address ${i + 1} down`}
              >
                ↓ Down
              </Button>
            </>
          }
        >
          <Select label="Address type" options={ADDRESS_TYPES} value={address.addressType} onChange={(e) => setItem('addresses', i, { addressType: e.target.value })} />
          <TextField
            label="Street address 1"
            required
            value={address.streetAddress1}
            error={errors[`addresses.${i}.streetAddress1`]}
            onChange={(e) => setItem('addresses', i, { streetAddress1: e.target.value })}
          />
          <TextField label="Street address 2" value={address.streetAddress2} onChange={(e) => setItem('addresses', i, { streetAddress2: e.target.value })} />
          <TextField label="City" required value={address.city} error={errors[`addresses.${i}.city`]} onChange={(e) => setItem('addresses', i, { city: e.target.value })} />
          <TextField
            label="State/Province"
            required
            value={address.stateProvince}
            error={errors[`addresses.${i}.stateProvince`]}
            onChange={(e) => setItem('addresses', i, { stateProvince: e.target.value })}
          />
          <TextField
            label="Postal code"
            required
            value={address.postalCode}
            error={errors[`addresses.${i}.postalCode`]}
            onChange={(e) => setItem('addresses', i, { postalCode: e.target.value })}
          />
          <Select label="Address country" options={ADDRESS_COUNTRIES} value={address.country} onChange={(e) => setItem('addresses', i, { country: e.target.value })} />
          <TextField label="Address notes" value={address.notes} onChange={(e) => setItem('addresses', i, { notes: e.target.value })} />
          <Checkbox label="Primary address" checked={address.isPrimary} onChange={() => setList('addresses', (items) => markPrimary(items, i))} />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('addresses', (items) => [...items, newAddress(items)])}>
        + Add Address
      </Button>
    </div>
  );

  const related = (
    <div className={styles.stack}>
      {candidates.isError ? <ErrorState title="Contacts to relate could not be loaded" error={candidates.error} onRetry={() => void candidates.refetch()} /> : null}
      {values.associations.map((association, i) => (
        <Entry key={i} title={`Related contact ${i + 1}`} onRemove={() => setList('associations', (items) => removeAt(items, i))}>
          <Select
            label="Contact"
            placeholder={candidates.isPending ? 'Loading contacts...' : 'Select a contact'}
            options={candidateOptions}
            value={association.associatedContactId}
            error={errors[`associations.${i}.associatedContactId`]}
            onChange={(e) => setItem('associations', i, { associatedContactId: e.target.value })}
          />
          <Select
            label="Relationship"
            options={RELATIONSHIP_TYPES}
            value={association.relationshipType}
            onChange={(e) => setItem('associations', i, { relationshipType: e.target.value })}
          />
          <TextField
            label="Relationship description"
            value={association.relationshipDescription}
            onChange={(e) => setItem('associations', i, { relationshipDescription: e.target.value })}
          />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('associations', (items) => [...items, newAssociation()])}>
        + Add Related Contact
      </Button>
    </div>
  );

  const education = (
    <div className={styles.stack}>
      {values.education.map((entry, i) => (
        <Entry key={i} title={`Education ${i + 1}`} onRemove={() => setList('education', (items) => removeAt(items, i))}>
          <TextField
            label="Institution name"
            required
            value={entry.institutionName}
            error={errors[`education.${i}.institutionName`]}
            onChange={(e) => setItem('education', i, { institutionName: e.target.value })}
          />
          <Select label="Degree type" placeholder="Select a degree type" options={DEGREE_TYPES} value={entry.degreeType} onChange={(e) => setItem('education', i, { degreeType: e.target.value })} />
          <TextField label="Degree name" value={entry.degreeName} onChange={(e) => setItem('education', i, { degreeName: e.target.value })} />
          <TextField label="Field of study" value={entry.fieldOfStudy} onChange={(e) => setItem('education', i, { fieldOfStudy: e.target.value })} />
          <TextField
            label="Graduation year"
            type="number"
            min={GRADUATION_YEAR_MIN}
            max={GRADUATION_YEAR_MAX}
            step={1}
            value={entry.graduationYear}
            error={errors[`education.${i}.graduationYear`]}
            onChange={(e) => setItem('education', i, { graduationYear: e.target.value })}
          />
          <TextField
            label="GPA"
            type="number"
            min={GPA_MIN}
            max={GPA_MAX}
            step={0.01}
            value={entry.gpa}
            error={errors[`education.${i}.gpa`]}
            onChange={(e) => setItem('education', i, { gpa: e.target.value })}
          />
          <TextField label="Honors" value={entry.honors} onChange={(e) => setItem('education', i, { honors: e.target.value })} />
          <TextField label="Education notes" value={entry.notes} onChange={(e) => setItem('education', i, { notes: e.target.value })} />
          <Checkbox label="Currently enrolled" checked={entry.isCurrent} onChange={(e) => setItem('education', i, { isCurrent: e.target.checked })} />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('education', (items) => [...items, newEducation()])}>
        + Add Education
      </Button>
    </div>
  );

  const employment = (
    <div className={styles.stack}>
      {values.employment.map((entry, i) => (
        <Entry key={i} title={`Employment ${i + 1}`} onRemove={() => setList('employment', (items) => removeAt(items, i))}>
          <TextField
            label="Company name"
            required
            value={entry.companyName}
            error={errors[`employment.${i}.companyName`]}
            onChange={(e) => setItem('employment', i, { companyName: e.target.value })}
          />
          <TextField label="Job title" value={entry.jobTitle} onChange={(e) => setItem('employment', i, { jobTitle: e.target.value })} />
          <TextField label="Department" value={entry.department} onChange={(e) => setItem('employment', i, { department: e.target.value })} />
          <Select
            label="Employment type"
            placeholder="Select a type"
            options={EMPLOYMENT_TYPES}
            value={entry.employmentType}
            onChange={(e) => setItem('employment', i, { employmentType: e.target.value })}
          />
          <TextField label="Start date" type="date" value={entry.startDate} onChange={(e) => setItem('employment', i, { startDate: e.target.value })} />
          <TextField
            label="End date"
            type="date"
            value={entry.endDate}
            disabled={entry.isCurrent}
            onChange={(e) => setItem('employment', i, { endDate: e.target.value })}
          />
          <TextField label="Salary range" value={entry.salaryRange} onChange={(e) => setItem('employment', i, { salaryRange: e.target.value })} />
          <TextField label="Description" multiline value={entry.description} onChange={(e) => setItem('employment', i, { description: e.target.value })} />
          <Checkbox
            label="Current position"
            checked={entry.isCurrent}
            onChange={(e) => setItem('employment', i, e.target.checked ? { isCurrent: true, endDate: '' } : { isCurrent: false })}
          />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('employment', (items) => [...items, newEmployment()])}>
        + Add Employment
      </Button>
    </div>
  );

  const addTag = () => {
    const tag = tagDraft.trim();
    if (tag && !values.tags.includes(tag)) setValues((current) => ({ ...current, tags: [...current.tags, tag] }));
    setTagDraft('');
  };

  const notes = (
    <div className={styles.stack}>
      <TextField label="Quick notes" multiline value={values.quickNotes} onChange={(e) => setField('quickNotes', e.target.value)} />
      <h3 className={styles.subheading}>Notes</h3>
      {values.notes.map((note, i) => (
        <Entry key={i} title={`Note ${i + 1}`} onRemove={() => setList('notes', (items) => removeAt(items, i))}>
          <TextField label="Subject" value={note.subject} onChange={(e) => setItem('notes', i, { subject: e.target.value })} />
          <Select label="Note type" options={NOTE_TYPES} value={note.noteType} onChange={(e) => setItem('notes', i, { noteType: e.target.value })} />
          <TextField
            label="Content"
            multiline
            required
            value={note.content}
            error={errors[`notes.${i}.content`]}
            onChange={(e) => setItem('notes', i, { content: e.target.value })}
          />
          <Checkbox label="Private" description="only visible to you" checked={note.isPrivate} onChange={(e) => setItem('notes', i, { isPrivate: e.target.checked })} />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('notes', (items) => [...items, newNote()])}>
        + Add Note
      </Button>
      <h3 className={styles.subheading}>Tags</h3>
      <div className={styles.tagRow}>
        <TextField
          label="New tag"
          value={tagDraft}
          onChange={(e) => setTagDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addTag();
            }
          }}
        />
        <Button variant="secondary" size="sm" onClick={addTag}>
          Add Tag
        </Button>
      </div>
      <ul className={styles.tags} aria-label="Tags">
        {values.tags.map((tag) => (
          <li key={tag} className={styles.tag}>
            {tag}
            <button
              type="button"
              className={styles.tagRemove}
              aria-label={`Remove tag ${tag}`}
              onClick={() => setValues((current) => ({ ...current, tags: current.tags.filter((t) => t !== tag) }))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );

  const content: Record<string, ReactNode> = {
    basic,
    details,
    addresses,
    related,
    education,
    employment,
    // The contact form always passes readOnly false (spec point 2).
    financials: contact ? <FinancialsTab contactId={contact.id} readOnly={false} /> : <p className={styles.note}>{SAVE_FIRST_FINANCIALS}</p>,
    documents: contact ? <DocumentsTab contactId={contact.id} /> : <p className={styles.note}>{SAVE_FIRST_DOCUMENTS}</p>,
    notes,
  };

  return (
    <form
      className={styles.page}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <PageHeader title={isEdit ? 'Edit Contact' : 'Add Contact'} subtitle={contact ? contactName(contact) : undefined} />
      <Card>
        <Tabs label="Contact form sections" value={tab} onChange={setTab} items={CONTACT_TABS.map((t) => ({ id: t.id, label: t.label, content: content[t.id] }))} />
      </Card>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => navigate(contact ? contactPath(contact.id) : CONTACTS_PATH)}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {isEdit ? 'Update Contact' : 'Create Contact'}
        </Button>
      </div>
    </form>
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
