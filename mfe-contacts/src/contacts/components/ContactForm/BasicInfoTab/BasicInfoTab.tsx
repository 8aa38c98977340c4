import type { ReactNode } from 'react';
import { useFormState, type FieldError } from 'react-hook-form';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ProfileImageField } from '../../../../files';
import type { ContactWithImages } from '../../../api/contactsApi';
import { STATUS_OPTIONS, type ContactFormValues } from '../../../utils/contactForm';
import { contactName } from '../../../utils/format';
import { SAVE_FIRST_IMAGES } from '../contactFormTabs';
import layout from '../ContactForm.module.css';
import styles from './BasicInfoTab.module.css';

export type BasicInfoTabProps = {
  /** The saved contact; absent on a new one, which has no profile image yet. */
  contact?: ContactWithImages;
  /** The page's plausibility warnings (a birth date under 16 years ago), shown beside the birth date. */
  plausibility: ReactNode;
};

/** The contact form's Basic Info tab: names, primary email, birth date, status and the smart-list flags. */
export function BasicInfoTab({ contact, plausibility }: BasicInfoTabProps) {
  const { errors } = useFormState<ContactFormValues>();
  // The contract's identity rule concerns the whole contact, so it reports at the root path ('').
  const identityError = (errors as Record<string, FieldError | undefined>)['']?.message;
  return (
    <div className={layout.stack}>
      {identityError ? (
        <p role="alert" className={styles.formError}>
          {identityError}
        </p>
      ) : null}
      {contact ? (
        <ProfileImageField contactId={contact.id} contactName={contactName(contact)} imageUrl={contact.profileImageUrl ?? null} />
      ) : (
        <p className={layout.note}>{SAVE_FIRST_IMAGES}</p>
      )}
      <div className={layout.grid}>
        <FormTextField<ContactFormValues> name="firstName" label="First name" />
        <FormTextField<ContactFormValues> name="lastName" label="Last name" />
        <FormTextField<ContactFormValues> name="organization" label="Organization" />
        <FormTextField<ContactFormValues> name="title" label="Title" />
        <FormTextField<ContactFormValues> name="primaryEmail" label="Primary email" type="email" />
        <FormTextField<ContactFormValues> name="birthDate" label="Birth date" type="date" />
        {plausibility}
        <FormTextField<ContactFormValues> name="occupation" label="Occupation" />
        <FormTextField<ContactFormValues> name="employer" label="Employer" />
        <FormSelect<ContactFormValues> name="status" label="Status" options={STATUS_OPTIONS} />
      </div>
      <div className={layout.grid}>
        <FormCheckbox<ContactFormValues> name="isVolunteer" label="Volunteer" description="Smart lists can select volunteers." />
        <FormCheckbox<ContactFormValues> name="isBoardMember" label="Board member" />
      </div>
    </div>
  );
}
