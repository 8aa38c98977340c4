import { formatDateTime as formatWorkspaceDateTime, formatInstantDate } from '@caucus/design-system/session';
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

/** A timestamp's day (a list's creation, a member's addition) in the workspace's timezone and date format. */
export function formatDate(value: string | null): string {
  return formatInstantDate(value);
}

/** A timestamp's day and time in the workspace's timezone: 'Nov 30, 2026, 7:00 PM'. */
export function formatDateTime(value: string | null): string {
  return formatWorkspaceDateTime(value);
}


export function contactName(contact: { firstName: string | null; lastName: string | null; organization?: string | null; primaryEmail?: string | null }): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return name || contact.organization || contact.primaryEmail || 'Unnamed contact';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

export function sourceLabel(source: string): string {
  return source === 'smart_rule' ? 'Smart rule' : source === 'import' ? 'Import' : 'Manual';
}
