import type { ContactList } from '../api/listsApi';

export function typeLabel(type: ContactList['type']): string {
  return type === 'smart' ? 'Smart' : 'Static';
}

export function memberCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`;
}

export function creatorName(creator: ContactList['creator']): string {
  if (!creator) return '';
  return [creator.firstName, creator.lastName].filter(Boolean).join(' ');
}

export function contactName(contact: {
  firstName: string | null;
  lastName: string | null;
  organization?: string | null;
  primaryEmail?: string | null;
}): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return name || contact.organization || contact.primaryEmail || 'Unnamed contact';
}

export function sourceLabel(source: string): string {
  return source === 'smart_rule' ? 'Smart rule' : source === 'import' ? 'Import' : 'Manual';
}
