import { z } from 'zod';
import type { contactFormResponseSchema } from './contactForm.responses';
import { EMAIL_PATTERN, safeText, type TextOptions } from './common';

export const CONTACT_SUBJECTS = ['sales', 'support', 'billing', 'partnership', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const CONTACT_FORM_THANKS = "Thank you for your message. We'll get back to you within 24 hours.";

function requiredText(label: string, max: number, options: TextOptions = {}) {
  return safeText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, `${label} must be at most ${max} characters`),
    label,
    options,
  );
}

export const contactFormSchema = z.object({
  name: requiredText('Name', 255),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please select a subject' }),
  message: requiredText('Message', CONTACT_MESSAGE_MAX_LENGTH, { multiline: true }),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
/** A valid message of the public contact form, as sent to POST /api/contact-form. */
export type ContactMessage = z.output<typeof contactFormSchema>;

/** data of POST /api/contact-form */
export type ContactFormResponse = z.output<typeof contactFormResponseSchema>;
