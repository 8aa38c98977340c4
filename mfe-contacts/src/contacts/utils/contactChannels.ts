import type { ContactAddress, ContactDetail, ContactEmailAddress, ContactPhoneNumber } from '@caucus/contract';

// The contact's own primary email, phone and address (on the contact row) also belong in the
// sections that list the contact's emails, phones and addresses: a contact with only a primary email
// must not read "None recorded" under Email Addresses. A value already listed there is not repeated;
// the contact row keeps no type for them, so theirs is empty.

const digits = (value: string) => value.replace(/\D/g, '');
const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

export function emailsWithPrimary(contact: ContactDetail): ContactEmailAddress[] {
  const listed = contact.emailAddresses ?? [];
  const primary = contact.primaryEmail?.trim();
  if (!primary || listed.some((email) => sameText(email.emailAddress, primary))) return listed;
  return [{ id: 'contact-primary-email', emailAddress: primary, emailType: '', isPrimary: true, notes: null }, ...listed];
}

export function phonesWithPrimary(contact: ContactDetail): ContactPhoneNumber[] {
  const listed = contact.phoneNumbers ?? [];
  const primary = contact.primaryPhone?.trim();
  if (!primary || listed.some((phone) => digits(phone.phoneNumber) === digits(primary))) return listed;
  return [{ id: 'contact-primary-phone', phoneNumber: primary, phoneType: '', isPrimary: true, extension: null, notes: null }, ...listed];
}

export function addressesWithPrimary(contact: ContactDetail): ContactAddress[] {
  const listed = contact.addresses ?? [];
  if (!contact.addressLine1?.trim() && !contact.city?.trim()) return listed;
  const alreadyListed = listed.some((address) => sameText(address.streetAddress1, contact.addressLine1) && sameText(address.postalCode, contact.zipCode));
  if (alreadyListed) return listed;
  const primary: ContactAddress = {
    id: 'contact-primary-address',
    addressType: '',
    isPrimary: true,
    streetAddress1: contact.addressLine1?.trim() ?? '',
    streetAddress2: contact.addressLine2?.trim() || null,
    city: contact.city?.trim() ?? '',
    stateProvince: contact.state?.trim() ?? '',
    postalCode: contact.zipCode?.trim() ?? '',
    country: contact.country?.trim() ?? '',
    notes: null,
  };
  return [primary, ...listed];
}
