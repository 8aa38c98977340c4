import { z } from 'zod';
import {
  acknowledgeInputSchema,
  acknowledgmentsQuerySchema,
  messageAudienceQuerySchema,
  messageRecipientsQuerySchema,
  messageSendInputSchema,
  messageTestInputSchema,
  templateInputSchema,
  templatePreviewSchema,
  templatesQuerySchema,
  yearEndInputSchema,
} from '@caucus/contract';
import { deletedSchema } from '@caucus/contract/common.responses';
import { describeRoutes } from '../../openapi/describe';

const template = z.object({
  id: z.string(),
  name: z.string(),
  purpose: z.enum(['acknowledgment', 'list', 'year_end']),
  subject: z.string(),
  bodyText: z.string(),
  bodyHtml: z.string().nullable(),
  campaignId: z.string().nullable(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
const audience = z.object({
  members: z.number(),
  recipients: z.number(),
  excluded: z.object({ noEmail: z.number(), unsubscribed: z.number(), bounced: z.number(), deceased: z.number() }),
});
const send = z.object({
  id: z.string(),
  kind: z.string(),
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  templateId: z.string().nullable(),
  subject: z.string(),
  status: z.enum(['scheduled', 'sending', 'sent', 'cancelled']),
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  audience,
  counts: z.object({ queued: z.number(), sending: z.number(), sent: z.number(), failed: z.number() }),
});
const recipient = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  contactName: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  attempts: z.number(),
  sentAt: z.string().nullable(),
});
const acknowledgeResult = z.object({
  batchId: z.string().nullable(),
  emailed: z.number(),
  letters: z.number(),
  notNeeded: z.number(),
  alreadyDone: z.number(),
  letterUrl: z.string().nullable(),
});
const ackRow = z.object({
  donationId: z.string(),
  contactId: z.string().nullable(),
  contactName: z.string(),
  email: z.string().nullable(),
  amount: z.number(),
  donationDate: z.string(),
  paymentMethod: z.string(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'not_needed']),
  channel: z.enum(['email', 'letter']).nullable(),
  acknowledgedAt: z.string().nullable(),
  daysWaiting: z.number(),
});
const html = { 'text/html': { schema: z.string() } };

export const communicationApi = describeRoutes('Communication', {
  'GET /api/templates': { summary: 'Message templates', query: templatesQuerySchema, data: z.object({ templates: z.array(template) }) },
  'POST /api/templates': {
    summary: 'Write a template',
    description: 'Subject and body with merge fields ({{firstName}} ...); a field that does not exist is refused (400 naming it).',
    body: templateInputSchema,
    status: 201,
    data: z.object({ template }),
  },
  'GET /api/templates/:id': { summary: 'A template', data: z.object({ template }) },
  'PUT /api/templates/:id': { summary: 'Replace a template', body: templateInputSchema, data: z.object({ template }) },
  'DELETE /api/templates/:id': { summary: 'Delete a template', data: deletedSchema },
  'POST /api/templates/:id/preview': {
    summary: 'The template merged for a real contact',
    body: templatePreviewSchema,
    data: z.object({ preview: z.object({ subject: z.string(), text: z.string(), html: z.string() }) }),
  },
  'GET /api/acknowledgments': {
    summary: 'Gifts by acknowledgment status (the queue: not yet thanked, oldest first)',
    query: acknowledgmentsQuerySchema,
    data: z.object({ acknowledgments: z.array(ackRow), total: z.number(), page: z.number(), pageSize: z.number() }),
  },
  'POST /api/acknowledgments': {
    summary: 'Thank gifts: email to donors with an address, a printable letter for the rest',
    body: acknowledgeInputSchema,
    data: acknowledgeResult,
  },
  'POST /api/acknowledgments/year-end': {
    summary: "Year-end letters: one per donor listing the year's gifts",
    body: yearEndInputSchema,
    data: acknowledgeResult,
  },
  'GET /api/acknowledgments/letters/:batchId.pdf': {
    summary: "A batch's letters as a PDF, one page each",
    responses: { '200': { description: 'PDF', content: { 'application/pdf': { schema: z.string() } } } },
  },
  'GET /api/messages': { summary: 'Emails to lists, newest first', data: z.object({ messages: z.array(send) }) },
  'GET /api/messages/audience': {
    summary: 'Who an email to a list would reach now, and who is left out and why',
    query: messageAudienceQuerySchema,
    data: z.object({ audience }),
  },
  'POST /api/messages': {
    summary: 'Email a contact list from a template, now or later',
    body: messageSendInputSchema,
    status: 201,
    data: z.object({ message: send }),
  },
  'POST /api/messages/test': { summary: 'Send the merged template to yourself', body: messageTestInputSchema, status: 201, data: z.object({ message: send }) },
  'GET /api/messages/:id': {
    summary: 'An email to a list: counts and each recipient',
    query: messageRecipientsQuerySchema,
    data: z.object({ message: send, recipients: z.array(recipient), total: z.number() }),
  },
  'POST /api/messages/:id/cancel': { summary: 'Cancel a scheduled email that has not started', data: z.object({ message: send }) },
  'GET /api/contacts/:id/messages': {
    summary: 'What a contact was sent, with the acknowledgment of each gift and any unsubscribe',
    data: z.object({
      messages: z.array(z.object({ id: z.string(), kind: z.string(), channel: z.string(), subject: z.string(), status: z.string() }).loose()),
      acknowledgments: z.array(z.object({ donationId: z.string(), status: z.string() }).loose()),
      unsubscribedAt: z.string().nullable(),
    }),
  },
  'GET /api/unsubscribe/:token': {
    summary: 'The unsubscribe page of a list email',
    access: 'public',
    responses: { '200': { description: 'Page', content: html } },
  },
  'POST /api/unsubscribe/:token': {
    summary: 'Unsubscribe (one click, RFC 8058)',
    access: 'public',
    requestBody: { content: { 'application/x-www-form-urlencoded': { schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }) } } },
    responses: { '200': { description: 'Done', content: html }, '404': { description: 'Unknown link', content: html } },
  },
});
