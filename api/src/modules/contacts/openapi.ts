import { contactInputSchema, contactListQuerySchema } from '@caucus/contract';
import { deletedSchema } from '@caucus/contract/common.responses';
import { contactDetailResponseSchema, contactListResponseSchema, contactWithImagesResponseSchema } from '@caucus/contract/contacts.responses';
import { describeRoutes } from '../../openapi/describe';

export const contactsApi = describeRoutes('Contacts', {
  'GET /api/contacts': {
    summary: 'Search and page through contacts',
    query: contactListQuerySchema,
    data: contactListResponseSchema,
  },
  'POST /api/contacts': {
    summary: 'Create a contact',
    body: contactInputSchema,
    status: 201,
    data: contactDetailResponseSchema,
  },
  'GET /api/contacts/:id/with-images': {
    summary: 'A contact with signed URLs of its profile image and image documents',
    data: contactWithImagesResponseSchema,
  },
  'GET /api/contacts/:id': {
    summary: 'A contact with its phones, emails, addresses, associations, education, employment and notes',
    data: contactDetailResponseSchema,
  },
  'PUT /api/contacts/:id': {
    summary: 'Replace a contact',
    body: contactInputSchema,
    data: contactDetailResponseSchema,
  },
  'DELETE /api/contacts/:id': {
    summary: 'Delete a contact and its files',
    data: deletedSchema,
  },
});
