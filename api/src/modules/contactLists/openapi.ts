import {
  addListMembersSchema,
  availableContactsQuerySchema,
  contactListInputSchema,
  contactListPatchSchema,
  contactListsQuerySchema,
  listMembersQuerySchema,
  listPreviewSchema,
  listSettingsSchema,
  removeListMembersSchema,
} from '@caucus/contract';
import { deletedSchema } from '@caucus/contract/common.responses';
import {
  addedMembersSchema,
  applyRulesResponseSchema,
  availableContactsResponseSchema,
  contactListDetailResponseSchema,
  contactListsResponseSchema,
  listMembersResponseSchema,
  listPreviewResponseSchema,
  listSettingsResponseSchema,
  listStatsResponseSchema,
  membershipWhyResponseSchema,
  removedMembersSchema,
} from '@caucus/contract/contactLists.responses';
import { describeRoutes } from '../../openapi/describe';

export const contactListsApi = describeRoutes('Contact lists', {
  'GET /api/contact-lists': {
    summary: 'Search and page through contact lists',
    query: contactListsQuerySchema,
    data: contactListsResponseSchema,
  },
  'POST /api/contact-lists': {
    summary: 'Create a static or smart list; a smart list gets its members from its rules at once',
    body: contactListInputSchema,
    status: 201,
    data: contactListDetailResponseSchema,
  },
  'POST /api/contact-lists/preview': {
    summary: 'How many contacts rules match now, with a small sample (the rule builder’s live count)',
    body: listPreviewSchema,
    data: listPreviewResponseSchema,
  },
  'GET /api/contact-lists/settings': {
    summary: 'The account’s list settings: the lifetime giving from which a contact is a major donor',
    data: listSettingsResponseSchema,
  },
  'PUT /api/contact-lists/settings': {
    summary: 'Change the major gift threshold; smart lists using "Major donor" follow it on their next apply',
    body: listSettingsSchema,
    data: listSettingsResponseSchema,
  },
  'GET /api/contact-lists/:id': {
    summary: 'A contact list with its rules and member count',
    data: contactListDetailResponseSchema,
  },
  'PATCH /api/contact-lists/:id': {
    summary: 'Change a list; a smart list re-applies its rules',
    body: contactListPatchSchema,
    data: contactListDetailResponseSchema,
  },
  'DELETE /api/contact-lists/:id': {
    summary: 'Delete a list and its memberships (the contacts stay); 409 naming the lists whose rules use it',
    data: deletedSchema,
  },
  'GET /api/contact-lists/:id/contacts': {
    summary: 'Members of a list, paged and searchable',
    query: listMembersQuerySchema,
    data: listMembersResponseSchema,
  },
  'POST /api/contact-lists/:id/contacts': {
    summary: 'Add contacts to a static list (a contact already on it counts once)',
    body: addListMembersSchema,
    data: addedMembersSchema,
  },
  'DELETE /api/contact-lists/:id/contacts': {
    summary: 'Remove contacts from a static list',
    body: removeListMembersSchema,
    data: removedMembersSchema,
  },
  'GET /api/contact-lists/:id/contacts/:contactId/why': {
    summary: 'Why a contact is on a list: its membership and each rule beside the contact’s value',
    data: membershipWhyResponseSchema,
  },
  'GET /api/contact-lists/:id/stats': {
    summary: 'Members by how they were added',
    data: listStatsResponseSchema,
  },
  'GET /api/contact-lists/:id/available-contacts': {
    summary: 'Contacts that are not members yet, for the Add Contacts search',
    query: availableContactsQuerySchema,
    data: availableContactsResponseSchema,
  },
  'POST /api/contact-lists/:id/apply-rules': {
    summary: 'Re-apply a smart list’s rules: members the rules no longer match leave, new matches join',
    data: applyRulesResponseSchema,
  },
});
