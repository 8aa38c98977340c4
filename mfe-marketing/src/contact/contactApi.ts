import { api } from '@caucus/platform';
import type { ContactMessage, ContactSubject } from '@caucus/contract';

export const CONTACT_SUBJECTS: readonly { value: ContactSubject; label: string }[] = [
  { value: 'sales', label: 'Sales' },
  { value: 'support', label: 'Support' },
  { value: 'billing', label: 'Billing' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
];

export type ContactFormResponse = { success: boolean; message?: string };

export function sendContactMessage(body: ContactMessage): Promise<ContactFormResponse> {
  return api.post<ContactFormResponse>('/contact-form', body, { skipAuthRedirect: true });
}
