// What the contact-list routes answer, as zod schemas: the source of the response types in
// contactLists.ts and of the OpenAPI document. Not re-exported from index.ts; the frontends import
// their types only (common.responses.ts).
import { z } from 'zod';
import { instant, nullableText, personName, text } from './common.responses';
import { LIST_TYPE_VALUES, MEMBER_SOURCE_VALUES, OPERATOR_LABELS, RULE_FIELD_TYPES } from './contactLists';
import type { ListRule, RuleExplanation, RuleOperator } from './contactLists';
import { CONTACT_STATUS_VALUES } from './contacts';

const ruleLogic = z
  .enum(['and', 'or'])
  .optional()
  .meta({ description: 'Joins the rule to the one before it (absent on the first); AND binds tighter than OR' });
const ruleOperator = z.enum(Object.keys(OPERATOR_LABELS) as [RuleOperator, ...RuleOperator[]]);

// Recursive: a rule is a condition or a group of rules (groups nest up to three levels).
export const listRuleSchema: z.ZodType<ListRule> = z.lazy(() =>
  z.union([
    z.object({ field: text, operator: ruleOperator, value: z.unknown(), logic: ruleLogic }),
    z.object({ logic: ruleLogic, rules: z.array(listRuleSchema) }),
  ]),
) as unknown as z.ZodType<ListRule>;

export const contactListSummarySchema = z
  .object({
    id: text,
    name: text,
    description: nullableText,
    type: z.enum(LIST_TYPE_VALUES),
    tags: z.array(text),
    rules: z.array(listRuleSchema),
    memberCount: z.number(),
    isActive: z.boolean(),
    rulesAppliedAt: instant,
    createdAt: instant,
    updatedAt: instant,
    creator: personName.nullable(),
  })
  .meta({ id: 'ContactListSummary' });

export const contactListsResponseSchema = z.object({ lists: z.array(contactListSummarySchema), total: z.number() });
export const contactListDetailResponseSchema = z.object({ list: contactListSummarySchema });

export const listContactSchema = z
  .object({
    id: text,
    firstName: nullableText,
    lastName: nullableText,
    organization: nullableText,
    primaryEmail: nullableText,
    city: nullableText,
    state: nullableText,
    status: z.enum(CONTACT_STATUS_VALUES),
    totalDonated: z.number(),
  })
  .meta({ id: 'ListContact' });
const membershipSchema = z.object({ source: z.enum(MEMBER_SOURCE_VALUES), addedAt: instant, notes: nullableText });

export const listMembersResponseSchema = z.object({ contacts: z.array(listContactSchema.extend(membershipSchema.shape)), total: z.number() });
export const availableContactsResponseSchema = z.object({ contacts: z.array(listContactSchema) });
export const listStatsResponseSchema = z.object({
  stats: z.object({ totalMembers: z.number(), manualMembers: z.number(), smartRuleMembers: z.number(), importedMembers: z.number() }),
});
export const applyRulesResponseSchema = z.object({ memberCount: z.number(), added: z.number(), removed: z.number() });
export const listPreviewResponseSchema = z.object({ count: z.number(), sample: z.array(listContactSchema) });
export const listSettingsResponseSchema = z.object({ settings: z.object({ majorGiftThreshold: z.number() }) });
export const addedMembersSchema = z.object({ added: z.number() });
export const removedMembersSchema = z.object({ removed: z.number() });

const ruleExplanationSchema: z.ZodType<RuleExplanation> = z.lazy(() =>
  z.union([
    z.object({
      kind: z.literal('rule'),
      field: text,
      label: text,
      type: z.enum(RULE_FIELD_TYPES),
      operator: ruleOperator,
      value: z.unknown(),
      logic: ruleLogic,
      contactValue: z.unknown(),
      matched: z.boolean(),
    }),
    z.object({ kind: z.literal('group'), logic: ruleLogic, matched: z.boolean(), rules: z.array(ruleExplanationSchema) }),
  ]),
) as unknown as z.ZodType<RuleExplanation>;

export const membershipWhyResponseSchema = z.object({
  contact: listContactSchema,
  membership: membershipSchema.nullable(),
  matchesRules: z.boolean().nullable(),
  rules: z.array(ruleExplanationSchema),
});
