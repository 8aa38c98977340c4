import { z } from 'zod';
import { limitOffsetQuery, MAX_MONEY, queryBoolean, queryInt, safeText, searchParam, toCents, withNumbersFromText } from './common';
import { listRulesSchema, type RuleFieldType, type RuleOperator } from './listRules';
import type {
  applyRulesResponseSchema,
  availableContactsResponseSchema,
  contactListDetailResponseSchema,
  contactListsResponseSchema,
  contactListSummarySchema,
  listContactSchema,
  listMembersResponseSchema,
  listPreviewResponseSchema,
  listSettingsResponseSchema,
  listStatsResponseSchema,
  membershipWhyResponseSchema,
} from './contactLists.responses';

export * from './listRules';

export const LIST_TYPE_VALUES = ['static', 'smart'] as const;

export const contactListsQuerySchema = z.object({
  ...limitOffsetQuery,
  search: searchParam,
  type: z
    .enum([...LIST_TYPE_VALUES, 'all'], { error: 'type must be one of: all, static, smart' })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  isActive: queryBoolean('Active'),
});

export type ContactListsQuery = z.input<typeof contactListsQuerySchema>;

/** rulesAppliedAt: when smart rules last rewrote the membership (null: never, or a static list). */
export type ContactListSummary = z.output<typeof contactListSummarySchema>;

/** data of GET /api/contact-lists */
export type ContactListsResponse = z.output<typeof contactListsResponseSchema>;
/** data of GET /api/contact-lists/:id */
export type ContactListDetailResponse = z.output<typeof contactListDetailResponseSchema>;

export const LIST_NAME_REQUIRED = 'List name is required';
export const SMART_LIST_NEEDS_RULES = 'Smart lists must have at least one rule';
export const SELECT_CONTACTS_TO_ADD = 'Please select contacts to add';
export const SELECT_CONTACTS_TO_REMOVE = 'Please select contacts to remove';

const listFields = {
  name: safeText(z.string({ error: LIST_NAME_REQUIRED }).trim().min(1, LIST_NAME_REQUIRED).max(255, 'List name must be at most 255 characters'), 'List name'),
  description: safeText(z.string({ error: 'Description must be text' }).max(2000, 'Description must be at most 2000 characters'), 'Description', {
    multiline: true,
  })
    .nullable()
    .transform((value) => (value && value.trim() ? value.trim() : null)),
  type: z.enum(LIST_TYPE_VALUES, { error: 'List type must be static or smart' }),
  // Tags are trimmed and unique; empty ones are dropped (docs/product/validation.md).
  tags: z
    .array(safeText(z.string({ error: 'Each tag must be text' }).max(50, 'Tags must be at most 50 characters'), 'Tags'), { error: 'Tags must be a list' })
    .max(50, 'A list can have at most 50 tags')
    .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]),
  rules: listRulesSchema,
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

/** body of POST /api/contact-lists */
export const contactListInputSchema = z
  .object({
    name: listFields.name,
    description: listFields.description.optional().transform((value) => value ?? null),
    type: listFields.type.default('static'),
    tags: listFields.tags.default([]),
    rules: listFields.rules,
    isActive: listFields.isActive.default(true),
  })
  .superRefine((list, ctx) => {
    if (list.type === 'smart' && list.rules.length === 0) ctx.addIssue({ code: 'custom', path: ['rules'], message: SMART_LIST_NEEDS_RULES });
  });
export type ContactListInput = z.input<typeof contactListInputSchema>;
export type ContactListValues = z.output<typeof contactListInputSchema>;

/** body of PATCH /api/contact-lists/:id: any of the fields; the smart-needs-rules rule is checked on the result. */
export const contactListPatchSchema = z.object({
  name: listFields.name.optional(),
  description: listFields.description.optional(),
  type: listFields.type.optional(),
  tags: listFields.tags.optional(),
  rules: listFields.rules.optional(),
  isActive: listFields.isActive.optional(),
});
export type ContactListPatch = z.output<typeof contactListPatchSchema>;

/** body of POST /api/contact-lists/preview */
export const listPreviewSchema = z.object({ rules: listRulesSchema }).superRefine((body, ctx) => {
  if (body.rules.length === 0) ctx.addIssue({ code: 'custom', path: ['rules'], message: SMART_LIST_NEEDS_RULES });
});

const contactIds = (emptyMessage: string) =>
  z
    .array(z.string({ error: 'Contacts must be contact ids' }), { error: emptyMessage })
    .min(1, emptyMessage)
    .max(1000, 'At most 1000 contacts at a time')
    .transform((ids) => [...new Set(ids)]);

/** body of POST /api/contact-lists/:id/contacts */
export const addListMembersSchema = z.object({
  contactIds: contactIds(SELECT_CONTACTS_TO_ADD),
  notes: safeText(z.string({ error: 'Notes must be text' }).max(1000, 'Notes must be at most 1000 characters'), 'Notes', { multiline: true })
    .nullish()
    .transform((value) => (value && value.trim() ? value.trim() : null)),
});

/** body of DELETE /api/contact-lists/:id/contacts */
export const removeListMembersSchema = z.object({
  contactIds: contactIds(SELECT_CONTACTS_TO_REMOVE),
  reason: safeText(z.string({ error: 'Reason must be text' }).max(1000, 'Reason must be at most 1000 characters'), 'Reason', { multiline: true }).nullish(),
});

/** query of GET /api/contact-lists/:id/contacts */
export const listMembersQuerySchema = z.object({ ...limitOffsetQuery, search: searchParam });

/** query of GET /api/contact-lists/:id/available-contacts (the modal asks for 50) */
export const availableContactsQuerySchema = z.object({ search: searchParam, limit: queryInt('limit', 1, 100, 50) });

/** Lifetime giving from which a contact is a major donor (the isMajorDonor rule) until the account changes it. */
export const DEFAULT_MAJOR_GIFT_THRESHOLD = 1000;
export const MAJOR_GIFT_THRESHOLD_MESSAGE = 'Major gift threshold must be a positive amount';

/** body of PUT /api/contact-lists/settings: the account's settings that smart-list rules read. */
export const listSettingsSchema = z.object({
  // Money: at least one cent, fits DECIMAL(14,2), kept to cents.
  majorGiftThreshold: z
    .number({ error: MAJOR_GIFT_THRESHOLD_MESSAGE })
    .refine((n) => toCents(n) > 0 && n <= MAX_MONEY, MAJOR_GIFT_THRESHOLD_MESSAGE)
    .transform(toCents),
});
export type ListSettingsInput = z.input<typeof listSettingsSchema>;
export type ListSettings = z.output<typeof listSettingsSchema>;
/** data of GET and PUT /api/contact-lists/settings */
export type ListSettingsResponse = z.output<typeof listSettingsResponseSchema>;

/** The settings form holds the amount as typed text; every rule and message is the API schema's. */
export type ListSettingsFormValues = { majorGiftThreshold: string };
export const listSettingsFormInput = withNumbersFromText<ListSettingsFormValues, typeof listSettingsSchema>(listSettingsSchema, ['majorGiftThreshold']);

export const MEMBER_SOURCE_VALUES = ['manual', 'smart_rule', 'import'] as const;
export type MemberSource = (typeof MEMBER_SOURCE_VALUES)[number];

/** A contact as the member table and the Add Contacts modal show it. */
export type ListContact = z.output<typeof listContactSchema>;

export type ListMember = ListMembersResponse['contacts'][number];

export type ListStats = ListStatsResponse['stats'];

/** data of GET /api/contact-lists/:id/contacts */
export type ListMembersResponse = z.output<typeof listMembersResponseSchema>;
/** data of GET /api/contact-lists/:id/available-contacts */
export type AvailableContactsResponse = z.output<typeof availableContactsResponseSchema>;
/** data of GET /api/contact-lists/:id/stats */
export type ListStatsResponse = z.output<typeof listStatsResponseSchema>;
/** data of POST /api/contact-lists/:id/apply-rules */
export type ApplyRulesResponse = z.output<typeof applyRulesResponseSchema>;
/** data of POST /api/contact-lists/preview */
export type ListPreviewResponse = z.output<typeof listPreviewResponseSchema>;

/** One rule of a "why" answer: the contact's own value beside the rule and whether it held. */
export type RuleExplanation =
  | {
      kind: 'rule';
      field: string;
      label: string;
      type: RuleFieldType;
      operator: RuleOperator;
      value: unknown;
      logic?: 'and' | 'or';
      contactValue: unknown;
      matched: boolean;
    }
  | { kind: 'group'; logic?: 'and' | 'or'; matched: boolean; rules: RuleExplanation[] };

/** data of GET /api/contact-lists/:id/contacts/:contactId/why; matchesRules: whether the list's rules hold for the contact now (null for a static list). */
export type MembershipWhyResponse = z.output<typeof membershipWhyResponseSchema>;
