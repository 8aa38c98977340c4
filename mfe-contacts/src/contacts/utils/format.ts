import type { Contact } from '../api/contactsApi';

export function contactName(contact: Pick<Contact, 'firstName' | 'lastName' | 'organization' | 'primaryEmail'>): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
  return name || contact.organization || contact.primaryEmail || 'Unnamed contact';
}

export function contactLocation(contact: Pick<Contact, 'city' | 'state'>): string {
  return [contact.city, contact.state].filter(Boolean).join(', ');
}

/** moreThanTotal: a search stopped counting at total (the API's cap), so it reads 'More than 1,000 contacts'. */
export function countLabel(total: number, moreThanTotal = false): string {
  if (moreThanTotal) return `More than ${total.toLocaleString('en-US')} contacts`;
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'contact' : 'contacts'}`;
}
