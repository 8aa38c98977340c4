import { formatDate as formatWorkspaceDate } from '@caucus/design-system/session';
import type { Contact } from '../api/contactsApi';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money arrives as a number, or as a decimal string from some engines. */
export function formatUsd(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return usd.format(Number.isFinite(amount) ? (amount as number) : 0);
}

export function contactName(contact: Pick<Contact, 'firstName' | 'lastName' | 'organization' | 'primaryEmail'>): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
  return name || contact.organization || contact.primaryEmail || 'Unnamed contact';
}

export function contactLocation(contact: Pick<Contact, 'city' | 'state'>): string {
  return [contact.city, contact.state].filter(Boolean).join(', ');
}

export function countLabel(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'contact' : 'contacts'}`;
}

/**
 * Calendar dates ('2026-03-01') print as that day in every timezone; timestamps as their day in the
 * workspace's timezone; both in the workspace's date format ('Mar 1, 2026' by default).
 */
export function formatDate(value: string | null | undefined): string {
  return formatWorkspaceDate(value);
}
