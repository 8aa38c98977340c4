import { api } from '@caucus/design-system/session';

export const CONTACT_SUBJECTS = [
  { value: 'sales', label: 'Sales' },
  { value: 'support', label: 'Support' },
  { value: 'billing', label: 'Billing' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

export type ContactMessage = { name: string; email: string; subject: ContactSubject; message: string };

export type ContactFormResponse = { success: boolean; message?: string };

export function sendContactMessage(body: ContactMessage): Promise<ContactFormResponse> {
  return api.post<ContactFormResponse>('/contact-form', body, { skipAuthRedirect: true });
}
