import { z } from 'zod';
import { documentRenameInputSchema } from '@caucus/contract';
import { deletedSchema } from '@caucus/contract/common.responses';
import { contactDocumentSchema, disbursementReceiptsSchema } from '@caucus/contract/contacts.responses';
import { describeRoutes } from '../../openapi/describe';

const upload = (limit: string, types: string) => ({
  content: {
    'multipart/form-data': {
      schema: z.object({ file: z.string().meta({ format: 'binary', description: `${types}, at most ${limit}` }) }),
    },
  },
});

export const filesApi = describeRoutes('Files', {
  'GET /api/files/:token': {
    summary: 'Download a stored file through a signed, expiring URL',
    description: 'The token binds the file, the account and the expiry; it is the credential.',
    access: 'signedUrl',
    responses: {
      '200': { description: 'The file', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
      '403': { description: 'The link is invalid or has expired' },
      '404': { description: 'File not found' },
    },
  },
  'POST /api/contacts/:id/profile-image': {
    summary: "Set a contact's profile image",
    requestBody: upload('5MB', 'A JPEG, PNG, GIF, WebP or BMP image'),
    data: z.object({ profileImageKey: z.string(), profileImageUrl: z.string() }),
  },
  'DELETE /api/contacts/:id/profile-image': {
    summary: "Remove a contact's profile image",
    data: deletedSchema,
  },
  'POST /api/contacts/:id/documents': {
    summary: 'Attach a document to a contact',
    requestBody: upload('10MB', 'A PDF, Word document or image'),
    status: 201,
    data: z.object({ documentKeys: z.array(z.string()), documents: z.array(contactDocumentSchema) }),
  },
  'PUT /api/contacts/:id/documents/:key/rename': {
    summary: 'Rename a document',
    body: documentRenameInputSchema,
    data: z.object({ document: contactDocumentSchema }),
  },
  'GET /api/contacts/:id/documents/:key/download': {
    summary: "A signed, expiring download URL of a contact's document",
    data: z.object({ downloadUrl: z.string() }),
  },
  'GET /api/disbursements/:id/receipts': {
    summary: "A disbursement's receipt documents (invoice, receipt, cancelled check)",
    data: disbursementReceiptsSchema,
  },
  'POST /api/disbursements/:id/receipts': {
    summary: 'Attach a receipt document to a disbursement (audited)',
    requestBody: upload('10MB', 'A PDF, Word document or image'),
    status: 201,
    data: disbursementReceiptsSchema,
  },
  'GET /api/disbursements/:id/receipts/:key/download': {
    summary: "A signed, expiring download URL of a disbursement's receipt",
    data: z.object({ downloadUrl: z.string() }),
  },
  'DELETE /api/contacts/:id/documents/:key': {
    summary: 'Delete a document',
    data: deletedSchema,
  },
});
