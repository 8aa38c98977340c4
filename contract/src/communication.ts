import { z } from 'zod';
import { planningInputs as f } from './campaigns';
import { MAX_MONEY, queryInt, toCents } from './common';

// Communication: message templates with merge fields, the acknowledgment of each gift, and email to
// a contact list. Merge fields are written {{name}}; only the names below exist.

export const MERGE_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'giftAmount',
  'giftDate',
  'campaignName',
  'yearToDateTotal',
  'organizationName',
  'taxStatement',
  'yearGifts',
  'yearTotal',
  'year',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const MERGE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every {{name}} a text names, in order of appearance. */
export function mergeFieldsIn(text: string): string[] {
  return [...text.matchAll(MERGE_TAG)].map((match) => match[1] ?? '');
}

/** The first name a text uses that is not a merge field, if any. */
export function unknownMergeField(text: string): string | undefined {
  return mergeFieldsIn(text).find((name) => !(MERGE_FIELDS as readonly string[]).includes(name));
}

export const unknownMergeFieldMessage = (label: string, name: string) =>
  `${label} names an unknown merge field {{${name}}}; use one of: ${MERGE_FIELDS.map((n) => `{{${n}}}`).join(', ')}`;

export const TEMPLATE_PURPOSES = ['acknowledgment', 'list', 'year_end'] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];

const optionalMoney = (field: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .number({ error: `${field} must be a number` })
      .min(0, `${field} must be 0 or more`)
      .max(MAX_MONEY, `${field} is too large`)
      .transform(toCents)
      .nullable(),
  );

/** Body of POST /api/templates and PUT /api/templates/:id. */
export const templateInputSchema = z
  .object({
    name: f.requiredText('Template name', 255, 'Template name is required'),
    purpose: z.enum(TEMPLATE_PURPOSES, { error: `Purpose must be one of: ${TEMPLATE_PURPOSES.join(', ')}` }).default('acknowledgment'),
    subject: f.requiredText('Subject', 255, 'Subject is required'),
    bodyText: f.requiredText('Message', 60_000, 'Message is required', { multiline: true }),
    bodyHtml: f.optionalText('HTML message', 60_000, { multiline: true }),
    campaignId: f.optionalId('Campaign'),
    minAmount: optionalMoney('Smallest gift'),
    maxAmount: optionalMoney('Largest gift'),
  })
  .superRefine((input, ctx) => {
    const checks: Array<[keyof typeof input, string]> = [
      ['subject', 'Subject'],
      ['bodyText', 'Message'],
      ['bodyHtml', 'HTML message'],
    ];
    for (const [key, label] of checks) {
      const text = input[key];
      if (typeof text !== 'string') continue;
      const unknown = unknownMergeField(text);
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: unknownMergeFieldMessage(label, unknown) });
    }
    if (input.minAmount !== null && input.maxAmount !== null && input.minAmount > input.maxAmount) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'Largest gift must be at least the smallest gift' });
    }
  });
export type TemplateValues = z.output<typeof templateInputSchema>;
export type TemplateInput = z.input<typeof templateInputSchema>;

export const templatesQuerySchema = z.object({
  purpose: z.enum(TEMPLATE_PURPOSES, { error: `Purpose must be one of: ${TEMPLATE_PURPOSES.join(', ')}` }).optional(),
});

export const templatePreviewSchema = z.object({
  contactId: z.string({ error: 'Contact is required' }).min(1, 'Contact is required').max(36, 'Contact is invalid'),
});

export type MessageTemplate = {
  id: string;
  name: string;
  purpose: TemplatePurpose;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  campaignId: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
};

export type TemplatePreview = { subject: string; text: string; html: string };

export const ACKNOWLEDGMENT_STATUSES = ['pending', 'sent', 'not_needed'] as const;
export type AcknowledgmentStatus = (typeof ACKNOWLEDGMENT_STATUSES)[number];
export const ACKNOWLEDGMENT_CHANNELS = ['email', 'letter'] as const;
export type AcknowledgmentChannel = (typeof ACKNOWLEDGMENT_CHANNELS)[number];

const queryMoney = (field: string) =>
  z
    .string({ error: `${field} must be a number` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0 || n > MAX_MONEY) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a number of 0 or more` });
        return z.NEVER;
      }
      return toCents(n);
    });

/** Query of GET /api/acknowledgments: the queue (pending, oldest first) or what was sent. */
export const acknowledgmentsQuerySchema = z.object({
  status: z.enum(ACKNOWLEDGMENT_STATUSES, { error: `Status must be one of: ${ACKNOWLEDGMENT_STATUSES.join(', ')}` }).default('pending'),
  campaignId: z.string({ error: 'Campaign must be text' }).max(36, 'Campaign is invalid').optional(),
  method: z.string({ error: 'Payment method must be text' }).max(32, 'Payment method is invalid').optional(),
  minAmount: queryMoney('Smallest gift'),
  maxAmount: queryMoney('Largest gift'),
  page: queryInt('Page', 1, 100_000, 1),
  pageSize: queryInt('Page size', 1, 200, 50),
});

/** Body of POST /api/acknowledgments: thank these gifts (or mark them as needing no thanks). */
export const acknowledgeInputSchema = z.object({
  donationIds: z
    .array(z.string({ error: 'Gifts must be a list of ids' }).max(36, 'Gifts must be a list of ids'), { error: 'Gifts must be a list of ids' })
    .min(1, 'Choose at least one gift')
    .max(1000, 'At most 1000 gifts at a time'),
  templateId: f.optionalId('Template'),
  // auto: email where the donor has an address, a letter otherwise.
  channel: z.enum(['auto', 'email', 'letter', 'not_needed'], { error: 'Channel must be one of: auto, email, letter, not_needed' }).default('auto'),
});
export type AcknowledgeInput = z.input<typeof acknowledgeInputSchema>;

/** Body of POST /api/acknowledgments/year-end: one letter per donor listing the year's gifts. */
export const yearEndInputSchema = z.object({
  year: z
    .number({ error: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(1900, 'Year must be 1900 or later')
    .max(2100, 'Year must be 2100 or earlier'),
  templateId: z.string({ error: 'Template is required' }).min(1, 'Template is required').max(36, 'Template is invalid'),
});

export type AcknowledgmentRow = {
  donationId: string;
  contactId: string | null;
  contactName: string;
  email: string | null;
  amount: number;
  donationDate: string;
  paymentMethod: string;
  campaignId: string | null;
  campaignName: string | null;
  status: AcknowledgmentStatus;
  channel: AcknowledgmentChannel | null;
  acknowledgedAt: string | null;
  daysWaiting: number;
};

export type AcknowledgmentsPage = { acknowledgments: AcknowledgmentRow[]; total: number; page: number; pageSize: number };

export type AcknowledgeResult = {
  batchId: string | null;
  emailed: number;
  letters: number;
  notNeeded: number;
  alreadyDone: number;
  letterUrl: string | null;
};

/** Body of POST /api/messages: email a list from a template, now or at sendAt. */
export const messageSendInputSchema = z.object({
  listId: z.string({ error: 'Contact list is required' }).min(1, 'Contact list is required').max(36, 'Contact list is invalid'),
  templateId: z.string({ error: 'Template is required' }).min(1, 'Template is required').max(36, 'Template is invalid'),
  sendAt: f.optionalDayOrInstant('Send at'),
});
export type MessageSendInput = z.input<typeof messageSendInputSchema>;

/** Body of POST /api/messages/test: the template, merged for a contact of the list, to the user. */
export const messageTestInputSchema = z.object({
  templateId: z.string({ error: 'Template is required' }).min(1, 'Template is required').max(36, 'Template is invalid'),
  listId: f.optionalId('Contact list'),
});

export const messageAudienceQuerySchema = z.object({
  listId: z.string({ error: 'Contact list is required' }).min(1, 'Contact list is required').max(36, 'Contact list is invalid'),
});

export const messageRecipientsQuerySchema = z.object({
  status: z.enum(['queued', 'sending', 'sent', 'failed'], { error: 'Status must be one of: queued, sending, sent, failed' }).optional(),
  page: queryInt('Page', 1, 100_000, 1),
  pageSize: queryInt('Page size', 1, 200, 50),
});

export type Audience = {
  members: number;
  recipients: number;
  excluded: { noEmail: number; unsubscribed: number; bounced: number; deceased: number };
};

export const SEND_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export type MessageSend = {
  id: string;
  kind: 'list' | 'acknowledgment' | 'year_end' | 'test';
  listId: string | null;
  listName: string | null;
  templateId: string | null;
  subject: string;
  status: SendStatus;
  sendAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string | null;
  audience: Audience;
  counts: { queued: number; sending: number; sent: number; failed: number };
};

export type MessageRecipient = {
  id: string;
  contactId: string | null;
  contactName: string;
  email: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'printed';
  error: string | null;
  attempts: number;
  sentAt: string | null;
};

export type ReceivedMessage = {
  id: string;
  kind: 'acknowledgment' | 'list' | 'year_end' | 'test';
  channel: 'email' | 'letter';
  subject: string;
  status: MessageRecipient['status'];
  error: string | null;
  toEmail: string | null;
  sentAt: string | null;
  createdAt: string | null;
  sendId: string | null;
  donationId: string | null;
};

export type ContactAcknowledgment = {
  donationId: string;
  amount: number;
  donationDate: string;
  status: AcknowledgmentStatus;
  channel: AcknowledgmentChannel | null;
  acknowledgedAt: string | null;
};

export type ContactMessagesResponse = {
  messages: ReceivedMessage[];
  acknowledgments: ContactAcknowledgment[];
  unsubscribedAt: string | null;
};
