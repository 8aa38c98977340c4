import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, ErrorState, PageHeader, Skeleton, Tabs, TextField } from '@caucus/design-system';
import { Form, FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { contactFormInput, GPA_MAX, GPA_MIN, GRADUATION_YEAR_MAX, GRADUATION_YEAR_MIN, youngBirthDateWarning } from '@caucus/api/contract';
import { localToday, usePlausibility } from '../../shared/PlausibilityWarnings';
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
  type ContactFormValues,
  type ScalarField,
} from '../utils/contactForm';
import { contactName } from '../utils/format';
import styles from './ContactFormPage.module.css';

export const SAVE_FIRST_IMAGES = 'Please save the contact first before uploading images';
export const SAVE_FIRST_DOCUMENTS = 'Please save the contact first before uploading documents';
export const SAVE_FIRST_FINANCIALS = 'Please save the contact first before adding pledges and donations';

const contactFormSchema = contactFormInput<ContactFormValues>();

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

type ListKey = 'tags' | 'phoneNumbers' | 'emailAddresses' | 'addresses' | 'associations' | 'education' | 'employment' | 'notes';

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
  const form = useForm<ContactFormValues>({
    // raw: the body is shaped from the fields as typed (toContactInput); the contract only validates.
    resolver: zodResolver(contactFormSchema, undefined, { raw: true }),
    defaultValues: contact ? formFromContact(contact) : emptyContactForm(),
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();
  // A birth date under 16 years ago is usually a typo (2030 for 2003): saved once confirmed. Only a
  // changed date asks, so a contact who is a minor does not ask at every save.
  const savedBirthDate = contact ? formFromContact(contact).birthDate : '';
  const plausibility = usePlausibility(
    [values.birthDate !== savedBirthDate ? youngBirthDateWarning(values.birthDate as string | undefined, localToday()) : null].filter((w): w is string => Boolean(w)),
  );
  // The contract's identity rule concerns the whole contact, so it reports at the root path ('').
  const identityError = (form.formState.errors as Record<string, FieldError | undefined>)['']?.message;
  const [tab, setTab] = useState<string>('basic');
  const [tagDraft, setTagDraft] = useState('');
  const candidates = useAssociationCandidates();

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toContactInput>) => (contact ? updateContact(contact.id, input) : createContact(input)),
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

  function setList<K extends ListKey>(key: K, update: (items: ContactFormValues[K]) => ContactFormValues[K]) {
    form.setValue(key, update(form.getValues(key)) as never, { shouldDirty: true });
  }

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

  const field = (name: ScalarField, label: string, extra: { type?: string } = {}) => <FormTextField<ContactFormValues> name={name} label={label} {...extra} />;

  const candidateOptions = (candidates.data ?? [])
    .filter((candidate) => candidate.id !== contact?.id)
    .map((candidate) => ({ value: candidate.id, label: contactName(candidate) }));

  const basic = (
    <div className={styles.stack}>
      {identityError ? (
        <p role="alert" className={styles.formError}>
          {identityError}
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
        {plausibility.element}
        {field('occupation', 'Occupation')}
        {field('employer', 'Employer')}
        <FormSelect<ContactFormValues> name="status" label="Status" options={STATUS_OPTIONS} />
      </div>
      <div className={styles.grid}>
        <FormCheckbox<ContactFormValues> name="isVolunteer" label="Volunteer" description="Smart lists can select volunteers." />
        <FormCheckbox<ContactFormValues> name="isBoardMember" label="Board member" />
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
          <FormTextField<ContactFormValues> label="Phone number" type="tel" name={`phoneNumbers.${i}.phoneNumber`} />
          <FormSelect<ContactFormValues> label="Phone type" options={PHONE_TYPES} name={`phoneNumbers.${i}.phoneType`} />
          <FormTextField<ContactFormValues> label="Extension" name={`phoneNumbers.${i}.extension`} />
          <FormTextField<ContactFormValues> label="Phone notes" name={`phoneNumbers.${i}.notes`} />
          <Checkbox label="Primary phone number" checked={phone.isPrimary} onChange={() => setList('phoneNumbers', (items) => markPrimary(items, i))} />
        </Entry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setList('phoneNumbers', (items) => [...items, newPhone(items)])}>
        + Add Phone
      </Button>
      <h3 className={styles.subheading}>Email Addresses</h3>
      {values.emailAddresses.map((email, i) => (
        <Entry key={i} title={`Email ${i + 1}`} onRemove={() => setList('emailAddresses', (items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues>
            label="Email address"
            type="email"
            name={`emailAddresses.${i}.emailAddress`}
          />
          <FormSelect<ContactFormValues> label="Email type" options={EMAIL_TYPES} name={`emailAddresses.${i}.emailType`} />
          <FormTextField<ContactFormValues> label="Email notes" name={`emailAddresses.${i}.notes`} />
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
          <FormSelect<ContactFormValues> label="Address type" options={ADDRESS_TYPES} name={`addresses.${i}.addressType`} />
          <FormTextField<ContactFormValues>
            label="Street address 1"
            required
            name={`addresses.${i}.streetAddress1`}
          />
          <FormTextField<ContactFormValues> label="Street address 2" name={`addresses.${i}.streetAddress2`} />
          <FormTextField<ContactFormValues> label="City" required name={`addresses.${i}.city`} />
          <FormTextField<ContactFormValues>
            label="State/Province"
            required
            name={`addresses.${i}.stateProvince`}
          />
          <FormTextField<ContactFormValues>
            label="Postal code"
            required
            name={`addresses.${i}.postalCode`}
          />
          <FormSelect<ContactFormValues> label="Address country" options={ADDRESS_COUNTRIES} name={`addresses.${i}.country`} />
          <FormTextField<ContactFormValues> label="Address notes" name={`addresses.${i}.notes`} />
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
          <FormSelect<ContactFormValues>
            label="Contact"
            placeholder={candidates.isPending ? 'Loading contacts...' : 'Select a contact'}
            options={candidateOptions}
            name={`associations.${i}.associatedContactId`}
          />
          <FormSelect<ContactFormValues>
            label="Relationship"
            options={RELATIONSHIP_TYPES}
            name={`associations.${i}.relationshipType`}
          />
          <FormTextField<ContactFormValues>
            label="Relationship description"
            name={`associations.${i}.relationshipDescription`}
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
          <FormTextField<ContactFormValues>
            label="Institution name"
            required
            name={`education.${i}.institutionName`}
          />
          <FormSelect<ContactFormValues> label="Degree type" placeholder="Select a degree type" options={DEGREE_TYPES} name={`education.${i}.degreeType`} />
          <FormTextField<ContactFormValues> label="Degree name" name={`education.${i}.degreeName`} />
          <FormTextField<ContactFormValues> label="Field of study" name={`education.${i}.fieldOfStudy`} />
          <FormTextField<ContactFormValues>
            label="Graduation year"
            type="number"
            min={GRADUATION_YEAR_MIN}
            max={GRADUATION_YEAR_MAX}
            step={1}
            name={`education.${i}.graduationYear`}
          />
          <FormTextField<ContactFormValues>
            label="GPA"
            type="number"
            min={GPA_MIN}
            max={GPA_MAX}
            step={0.01}
            name={`education.${i}.gpa`}
          />
          <FormTextField<ContactFormValues> label="Honors" name={`education.${i}.honors`} />
          <FormTextField<ContactFormValues> label="Education notes" name={`education.${i}.notes`} />
          <FormCheckbox label="Currently enrolled" name={`education.${i}.isCurrent`} />
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
          <FormTextField<ContactFormValues>
            label="Company name"
            required
            name={`employment.${i}.companyName`}
          />
          <FormTextField<ContactFormValues> label="Job title" name={`employment.${i}.jobTitle`} />
          <FormTextField<ContactFormValues> label="Department" name={`employment.${i}.department`} />
          <FormSelect<ContactFormValues>
            label="Employment type"
            placeholder="Select a type"
            options={EMPLOYMENT_TYPES}
            name={`employment.${i}.employmentType`}
          />
          <FormTextField<ContactFormValues> label="Start date" type="date" name={`employment.${i}.startDate`} />
          <FormTextField<ContactFormValues>
            label="End date"
            type="date"
            name={`employment.${i}.endDate`}
            disabled={entry.isCurrent}

          />
          <FormTextField<ContactFormValues> label="Salary range" name={`employment.${i}.salaryRange`} />
          <FormTextField<ContactFormValues> label="Description" multiline name={`employment.${i}.description`} />
          <FormCheckbox<ContactFormValues>
            label="Current position"
            name={`employment.${i}.isCurrent`}
            onValueChange={(current) => {
              if (current) form.setValue(`employment.${i}.endDate`, '');
            }}
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
    if (tag && !values.tags.includes(tag)) setList('tags', (tags) => [...tags, tag]);
    setTagDraft('');
  };

  const notes = (
    <div className={styles.stack}>
      <FormTextField<ContactFormValues> name="quickNotes" label="Quick notes" multiline />
      <h3 className={styles.subheading}>Notes</h3>
      {values.notes.map((note, i) => (
        <Entry key={i} title={`Note ${i + 1}`} onRemove={() => setList('notes', (items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues> label="Subject" name={`notes.${i}.subject`} />
          <FormSelect<ContactFormValues> label="Note type" options={NOTE_TYPES} name={`notes.${i}.noteType`} />
          <FormTextField<ContactFormValues>
            label="Content"
            multiline
            required
            name={`notes.${i}.content`}
          />
          <FormCheckbox<ContactFormValues> label="Private" description="only visible to you" name={`notes.${i}.isPrivate`} />
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
              onClick={() => setList('tags', (tags) => tags.filter((t) => t !== tag))}
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
    <Form form={form} onSubmit={handleSubmit} onInvalid={handleInvalid} className={styles.page}>
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
