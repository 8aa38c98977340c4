import { z } from 'zod';
import { CONTACT_STATUS_VALUES } from './contacts';

// Smart-list rules: which contact fields a rule may name, which operators each field type allows
// (docs/product/validation.md), and the one validator the API and the rule builder share. The API compiles the
// validated tree to SQL through its own whitelist (api/src/modules/contactLists/rules).

export const RULE_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select', 'tags', 'list'] as const;
export type RuleFieldType = (typeof RULE_FIELD_TYPES)[number];

export const OPERATORS_BY_TYPE = {
  text: ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_null', 'is_not_null'],
  number: ['equals', 'not_equals', 'greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal', 'between', 'is_null', 'is_not_null'],
  date: ['date_before', 'date_after', 'date_between', 'is_null', 'is_not_null'],
  boolean: ['equals'],
  select: ['equals', 'not_equals', 'in', 'not_in'],
  tags: ['has_tag', 'not_has_tag'],
  // Beyond the documented operators: membership of another list ('member of list' / 'not member of list').
  list: ['member_of', 'not_member_of'],
} as const satisfies Record<RuleFieldType, readonly string[]>;

export type RuleOperator = (typeof OPERATORS_BY_TYPE)[RuleFieldType][number];

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  is_null: 'is empty',
  is_not_null: 'is not empty',
  greater_than: 'is greater than',
  greater_than_or_equal: 'is at least',
  less_than: 'is less than',
  less_than_or_equal: 'is at most',
  between: 'is between',
  date_before: 'is before',
  date_after: 'is after',
  date_between: 'is between',
  in: 'is any of',
  not_in: 'is none of',
  has_tag: 'has tag',
  not_has_tag: 'does not have tag',
  member_of: 'is a member of',
  not_member_of: 'is not a member of',
};

export const RULE_FIELD_GROUPS = ['Contact', 'Contact info', 'Address', 'Giving', 'Engagement', 'Lists'] as const;

export type RuleFieldDefinition = {
  field: string;
  label: string;
  type: RuleFieldType;
  group: (typeof RULE_FIELD_GROUPS)[number];
  /** Offered choices of a select field. */
  options?: readonly string[];
  /** Only the offered choices are valid (status); otherwise any text is (state, country). */
  closed?: boolean;
};

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** Every field a rule may name: the contact fields of docs/product/data.md and its contact filter fields. */
export const RULE_FIELDS: readonly RuleFieldDefinition[] = [
  { field: 'firstName', label: 'First name', type: 'text', group: 'Contact' },
  { field: 'lastName', label: 'Last name', type: 'text', group: 'Contact' },
  { field: 'organization', label: 'Organization', type: 'text', group: 'Contact' },
  { field: 'title', label: 'Title', type: 'text', group: 'Contact' },
  { field: 'occupation', label: 'Occupation', type: 'text', group: 'Contact' },
  { field: 'employer', label: 'Employer', type: 'text', group: 'Contact' },
  { field: 'quickNotes', label: 'Quick notes', type: 'text', group: 'Contact' },
  { field: 'birthDate', label: 'Birth date', type: 'date', group: 'Contact' },
  { field: 'status', label: 'Status', type: 'select', group: 'Contact', options: CONTACT_STATUS_VALUES, closed: true },
  { field: 'tags', label: 'Tags', type: 'tags', group: 'Contact' },
  { field: 'createdAt', label: 'Created', type: 'date', group: 'Contact' },
  { field: 'updatedAt', label: 'Updated', type: 'date', group: 'Contact' },
  { field: 'primaryEmail', label: 'Primary email', type: 'text', group: 'Contact info' },
  { field: 'secondaryEmail', label: 'Secondary email', type: 'text', group: 'Contact info' },
  { field: 'primaryPhone', label: 'Primary phone', type: 'text', group: 'Contact info' },
  { field: 'secondaryPhone', label: 'Secondary phone', type: 'text', group: 'Contact info' },
  { field: 'mobilePhone', label: 'Mobile phone', type: 'text', group: 'Contact info' },
  { field: 'addressLine1', label: 'Address line 1', type: 'text', group: 'Address' },
  { field: 'addressLine2', label: 'Address line 2', type: 'text', group: 'Address' },
  { field: 'city', label: 'City', type: 'text', group: 'Address' },
  { field: 'state', label: 'State', type: 'select', group: 'Address', options: US_STATES },
  { field: 'zipCode', label: 'ZIP code', type: 'text', group: 'Address' },
  { field: 'country', label: 'Country', type: 'select', group: 'Address', options: ['US', 'CA', 'MX', 'UK', 'AU', 'DE', 'FR', 'JP'] },
  { field: 'totalDonated', label: 'Total donated', type: 'number', group: 'Giving' },
  { field: 'lastDonationAmount', label: 'Last donation amount', type: 'number', group: 'Giving' },
  { field: 'lastDonationDate', label: 'Last donation date', type: 'date', group: 'Giving' },
  { field: 'donationCount', label: 'Number of donations', type: 'number', group: 'Giving' },
  { field: 'averageDonation', label: 'Average donation', type: 'number', group: 'Giving' },
  { field: 'isMajorDonor', label: 'Major donor', type: 'boolean', group: 'Giving' },
  { field: 'volunteerHours', label: 'Volunteer hours', type: 'number', group: 'Engagement' },
  { field: 'eventsAttended', label: 'Events attended', type: 'number', group: 'Engagement' },
  { field: 'isVolunteer', label: 'Volunteer', type: 'boolean', group: 'Engagement' },
  { field: 'isBoardMember', label: 'Board member', type: 'boolean', group: 'Engagement' },
  { field: 'listMembership', label: 'List membership', type: 'list', group: 'Lists' },
];

const FIELD_BY_NAME = new Map(RULE_FIELDS.map((definition) => [definition.field, definition]));

export function ruleField(field: string): RuleFieldDefinition | undefined {
  return FIELD_BY_NAME.get(field);
}

export function operatorsFor(type: RuleFieldType): readonly RuleOperator[] {
  return OPERATORS_BY_TYPE[type];
}

export type RuleLogic = 'and' | 'or';
export type RuleCondition = { field: string; operator: RuleOperator; value: unknown; logic?: RuleLogic };
export type RuleGroup = { logic?: RuleLogic; rules: ListRule[] };
/** A condition or a group; `logic` joins it to the item before it and is absent on the first. */
export type ListRule = RuleCondition | RuleGroup;

export function isRuleGroup(rule: ListRule): rule is RuleGroup {
  return Array.isArray((rule as RuleGroup).rules);
}

/** Groups nest at most this deep (a group inside a group inside a group). */
export const MAX_RULE_DEPTH = 3;
export const MAX_RULES = 50;
export const MAX_IN_VALUES = 500;

/**
 * The value a rule starts with when its field or operator changes (docs/product/behaviour.md): null for
 * is_null/is_not_null, a two-element range for between, an empty list for in/not_in, 0 for number,
 * empty string for text and date, true for boolean.
 */
export function defaultRuleValue(type: RuleFieldType, operator: string): unknown {
  if (operator === 'is_null' || operator === 'is_not_null') return null;
  if (operator === 'between') return [0, 0];
  if (operator === 'date_between') return ['', ''];
  if (operator === 'in' || operator === 'not_in') return [];
  if (type === 'number') return 0;
  if (type === 'boolean') return true;
  return '';
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LIST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

class RuleError extends Error {}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function checkValue(definition: RuleFieldDefinition, operator: RuleOperator, value: unknown): unknown {
  const name = `'${definition.field}'`;
  const fail = (expected: string): never => {
    throw new RuleError(`Rule value for ${name} must be ${expected}`);
  };
  if (operator === 'is_null' || operator === 'is_not_null') return null;
  switch (definition.type) {
    case 'text':
    case 'tags':
      if (!nonBlank(value)) fail('non-empty text');
      if ((value as string).length > 255) fail('at most 255 characters');
      return (value as string).trim();
    case 'number':
      if (operator === 'between') {
        if (!Array.isArray(value) || value.length !== 2 || !value.every(isFiniteNumber)) fail('two numbers');
        const [low, high] = value as [number, number];
        if (low > high) fail('a range whose first number is not above the second');
        return [low, high];
      }
      if (!isFiniteNumber(value)) fail('a number');
      return value;
    case 'date':
      if (operator === 'date_between') {
        if (!Array.isArray(value) || value.length !== 2 || !value.every(isCalendarDate)) fail('two dates (YYYY-MM-DD)');
        const [from, to] = value as [string, string];
        if (from > to) fail('a range whose first date is not after the second');
        return [from, to];
      }
      if (!isCalendarDate(value)) fail('a date (YYYY-MM-DD)');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail('true or false');
      return value;
    case 'select': {
      const allowed = (choice: unknown): choice is string =>
        nonBlank(choice) && choice.length <= 100 && (!definition.closed || (definition.options ?? []).includes(choice.trim()));
      const expected = definition.closed ? `one of: ${(definition.options ?? []).join(', ')}` : 'non-empty text';
      if (operator === 'in' || operator === 'not_in') {
        if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) fail(`a list of 1 to ${MAX_IN_VALUES} values`);
        if (!(value as unknown[]).every(allowed)) fail(`a list of values, each ${expected}`);
        return [...new Set((value as string[]).map((choice) => choice.trim()))];
      }
      if (!allowed(value)) fail(expected);
      return (value as string).trim();
    }
    case 'list':
      if (typeof value !== 'string' || !LIST_ID.test(value)) fail('a contact list id');
      return (value as string).toLowerCase();
  }
}

function checkLogic(raw: unknown, index: number): RuleLogic | undefined {
  if (index === 0) return undefined;
  if (raw === 'and' || raw === 'or') return raw;
  throw new RuleError(`Rule logic must be 'and' or 'or'`);
}

function checkRules(raw: unknown, depth: number, counter: { rules: number }): ListRule[] {
  if (!Array.isArray(raw)) throw new RuleError('Rules must be a list');
  return raw.map((item, index): ListRule => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new RuleError('Each rule must be an object');
    const record = item as Record<string, unknown>;
    const logic = checkLogic(record.logic, index);
    if ('rules' in record) {
      if (depth >= MAX_RULE_DEPTH) throw new RuleError(`Rule groups can be nested at most ${MAX_RULE_DEPTH} levels deep`);
      if (!Array.isArray(record.rules) || record.rules.length === 0) throw new RuleError('A rule group needs at least one rule');
      return { ...(logic ? { logic } : {}), rules: checkRules(record.rules, depth + 1, counter) };
    }
    counter.rules += 1;
    if (counter.rules > MAX_RULES) throw new RuleError(`A list can have at most ${MAX_RULES} rules`);
    const field = typeof record.field === 'string' ? record.field : '';
    const definition = ruleField(field);
    if (!definition) throw new RuleError(`Unknown rule field '${String(record.field ?? '')}'`);
    const operator = record.operator;
    if (typeof operator !== 'string' || !(operatorsFor(definition.type) as readonly string[]).includes(operator)) {
      throw new RuleError(`Unknown operator '${String(operator ?? '')}' for field '${field}' (${definition.type})`);
    }
    const value = checkValue(definition, operator as RuleOperator, record.value);
    return { field, operator: operator as RuleOperator, value, ...(logic ? { logic } : {}) };
  });
}

/** Validated, normalised rules (client-only keys such as `id` dropped), or the first problem. */
export function parseListRules(raw: unknown): { ok: true; rules: ListRule[] } | { ok: false; message: string } {
  try {
    return { ok: true, rules: checkRules(raw, 0, { rules: 0 }) };
  } catch (error) {
    if (error instanceof RuleError) return { ok: false, message: error.message };
    throw error;
  }
}

export const listRulesSchema = z
  .unknown()
  .optional()
  .transform((raw, ctx): ListRule[] => {
    if (raw === undefined || raw === null) return [];
    const parsed = parseListRules(raw);
    if (parsed.ok) return parsed.rules;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/** Every list id the rules refer to (member of / not member of). */
export function referencedListIds(rules: ListRule[]): string[] {
  const ids = new Set<string>();
  const walk = (items: ListRule[]) => {
    for (const rule of items) {
      if (isRuleGroup(rule)) walk(rule.rules);
      else if (rule.field === 'listMembership') ids.add(String(rule.value));
    }
  };
  walk(rules);
  return [...ids];
}
