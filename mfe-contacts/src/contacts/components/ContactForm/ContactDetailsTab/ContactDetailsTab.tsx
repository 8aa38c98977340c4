import { Button, Checkbox } from '@caucus/design-system';
import { FormSelect, FormTextField } from '@caucus/design-system/form';
import { useContactFormList } from '../../../hooks/useContactForm';
import { EMAIL_TYPES, markPrimary, newEmail, newPhone, PHONE_TYPES, removeAt, type ContactFormValues } from '../../../utils/contactForm';
import { ListEntry } from '../ListEntry';
import layout from '../ContactForm.module.css';

/** The contact form's Contact Details tab: the other emails, phones and address, and the lists of phones and emails. */
export function ContactDetailsTab() {
  const [phoneNumbers, updatePhoneNumbers] = useContactFormList('phoneNumbers');
  const [emailAddresses, updateEmailAddresses] = useContactFormList('emailAddresses');
  return (
    <div className={layout.stack}>
      <div className={layout.grid}>
        <FormTextField<ContactFormValues> name="secondaryEmail" label="Secondary email" type="email" />
        <FormTextField<ContactFormValues> name="primaryPhone" label="Primary phone" type="tel" />
        <FormTextField<ContactFormValues> name="secondaryPhone" label="Secondary phone" type="tel" />
        <FormTextField<ContactFormValues> name="mobilePhone" label="Mobile phone" type="tel" />
        <FormTextField<ContactFormValues> name="addressLine1" label="Address line 1" />
        <FormTextField<ContactFormValues> name="addressLine2" label="Address line 2" />
        <FormTextField<ContactFormValues> name="city" label="City" />
        <FormTextField<ContactFormValues> name="state" label="State" />
        <FormTextField<ContactFormValues> name="zipCode" label="ZIP code" />
        <FormTextField<ContactFormValues> name="country" label="Country" />
      </div>
      <h3 className={layout.subheading}>Phone Numbers</h3>
      {phoneNumbers.map((phone, i) => (
        <ListEntry key={i} title={`Phone ${i + 1}`} onRemove={() => updatePhoneNumbers((items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues> label="Phone number" type="tel" name={`phoneNumbers.${i}.phoneNumber`} />
          <FormSelect<ContactFormValues> label="Phone type" options={PHONE_TYPES} name={`phoneNumbers.${i}.phoneType`} />
          <FormTextField<ContactFormValues> label="Extension" name={`phoneNumbers.${i}.extension`} />
          <FormTextField<ContactFormValues> label="Phone notes" name={`phoneNumbers.${i}.notes`} />
          <Checkbox label="Primary phone number" checked={phone.isPrimary} onChange={() => updatePhoneNumbers((items) => markPrimary(items, i))} />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updatePhoneNumbers((items) => [...items, newPhone(items)])}>
        + Add Phone
      </Button>
      <h3 className={layout.subheading}>Email Addresses</h3>
      {emailAddresses.map((email, i) => (
        <ListEntry key={i} title={`Email ${i + 1}`} onRemove={() => updateEmailAddresses((items) => removeAt(items, i))}>
          <FormTextField<ContactFormValues> label="Email address" type="email" name={`emailAddresses.${i}.emailAddress`} />
          <FormSelect<ContactFormValues> label="Email type" options={EMAIL_TYPES} name={`emailAddresses.${i}.emailType`} />
          <FormTextField<ContactFormValues> label="Email notes" name={`emailAddresses.${i}.notes`} />
          <Checkbox label="Primary email address" checked={email.isPrimary} onChange={() => updateEmailAddresses((items) => markPrimary(items, i))} />
        </ListEntry>
      ))}
      <Button variant="secondary" size="sm" onClick={() => updateEmailAddresses((items) => [...items, newEmail(items)])}>
        + Add Email
      </Button>
    </div>
  );
}
