import { isRuleGroup, type ListRule, type RuleCondition, type RuleExplanation, ruleField } from '@caucus/contract';
import { toBool, toInt, toIsoDate } from '../../../db/values';
import type { RuleContext } from './context';
import { addDays, dayStartMs } from '../../../lib/calendarDays';
import { sqlField } from './fields';
import { splitAtOr } from './compile';

// The reference for the SQL compiler: the same rules evaluated over one contact in memory. The
// property test holds the two equal on both engines; the "why" answer uses this one to explain.

/** One contact's rule-relevant values, read the same way from either engine. */
export type ContactFacts = Record<string, unknown> & { id: string; listIds: ReadonlySet<string> };

const lower = (value: unknown) => String(value).toLowerCase();
const blank = (value: unknown) => value === null || value === undefined || value === '';

/** The value a rule compares, as the "why" answer shows it. */
export function factValue(rule: RuleCondition, facts: ContactFacts): unknown {
  const { kind } = sqlField(rule.field);
  if (kind === 'list') return facts.listIds.has(String(rule.value));
  if (kind === 'majorDonor') return facts.totalDonated;
  return facts[rule.field] ?? null;
}

/** Instants are shown as ISO times, not the milliseconds they compare as. */
function displayValue(rule: RuleCondition, facts: ContactFacts): unknown {
  const actual = factValue(rule, facts);
  return sqlField(rule.field).kind === 'instant' && actual !== null ? new Date(Number(actual)).toISOString() : actual;
}

export function conditionHolds(rule: RuleCondition, facts: ContactFacts, context: RuleContext): boolean {
  const { kind } = sqlField(rule.field);
  const actual = factValue(rule, facts);
  const value = rule.value;
  if (kind === 'list') return rule.operator === 'member_of' ? actual === true : actual === false;
  if (kind === 'majorDonor') return Number(actual) >= context.majorGiftThreshold === (value === true);
  if (kind === 'tags') {
    const has = Array.isArray(actual) && actual.some((tag) => lower(tag) === lower(value));
    return rule.operator === 'has_tag' ? has : !has;
  }
  const textual = kind === 'text' || kind === 'select';
  const same = (a: unknown, b: unknown) => (textual ? lower(a) === lower(b) : Number(a) === Number(b));

  switch (rule.operator) {
    case 'is_null':
      return textual ? blank(actual) : actual === null;
    case 'is_not_null':
      return textual ? !blank(actual) : actual !== null;
    case 'equals':
      if (kind === 'boolean') return toBool(actual) === value;
      return actual !== null && same(actual, value);
    case 'not_equals':
      return actual === null || !same(actual, value);
    case 'contains':
      return actual !== null && lower(actual).includes(lower(value));
    case 'not_contains':
      return actual === null || !lower(actual).includes(lower(value));
    case 'starts_with':
      return actual !== null && lower(actual).startsWith(lower(value));
    case 'ends_with':
      return actual !== null && lower(actual).endsWith(lower(value));
    case 'greater_than':
      return actual !== null && Number(actual) > Number(value);
    case 'greater_than_or_equal':
      return actual !== null && Number(actual) >= Number(value);
    case 'less_than':
      return actual !== null && Number(actual) < Number(value);
    case 'less_than_or_equal':
      return actual !== null && Number(actual) <= Number(value);
    case 'between': {
      const [low, high] = value as [number, number];
      return actual !== null && Number(actual) >= low && Number(actual) <= high;
    }
    case 'in':
      return actual !== null && (value as string[]).some((choice) => same(actual, choice));
    case 'not_in':
      return actual === null || !(value as string[]).some((choice) => same(actual, choice));
    case 'date_before':
    case 'date_after':
    case 'date_between': {
      if (actual === null) return false;
      const [from, to] = rule.operator === 'date_between' ? (value as [string, string]) : [value as string, value as string];
      if (kind === 'instant') {
        const at = Number(actual);
        const start = dayStartMs(from, context.timeZone);
        const end = dayStartMs(addDays(to, 1), context.timeZone);
        if (rule.operator === 'date_before') return at < start;
        if (rule.operator === 'date_after') return at >= end;
        return at >= start && at < end;
      }
      const day = String(actual);
      if (rule.operator === 'date_before') return day < from;
      if (rule.operator === 'date_after') return day > to;
      return day >= from && day <= to;
    }
    default:
      return false;
  }
}

/** Every rule explained: the contact's value, whether the rule held, and groups with their result. */
export function explainRules(rules: ListRule[], facts: ContactFacts, context: RuleContext): { matched: boolean; rules: RuleExplanation[] } {
  const explained = rules.map((rule): RuleExplanation => {
    const logic = rule.logic ? { logic: rule.logic } : {};
    if (isRuleGroup(rule)) {
      const inner = explainRules(rule.rules, facts, context);
      return { kind: 'group', ...logic, matched: inner.matched, rules: inner.rules };
    }
    const definition = ruleField(rule.field)!;
    return {
      kind: 'rule',
      field: rule.field,
      label: definition.label,
      type: definition.type,
      operator: rule.operator,
      value: rule.value,
      ...logic,
      contactValue: displayValue(rule, facts),
      matched: conditionHolds(rule, facts, context),
    };
  });
  const matched = rules.length > 0 && splitAtOr(explained).some((run) => run.every((item) => item.matched));
  return { matched, rules: explained };
}

export function rulesHold(rules: ListRule[], facts: ContactFacts, context: RuleContext): boolean {
  return explainRules(rules, facts, context).matched;
}

const NUMBER_FIELDS = ['totalDonated', 'lastDonationAmount', 'donationCount', 'averageDonation', 'volunteerHours', 'eventsAttended'];
const DATE_FIELDS = ['birthDate', 'lastDonationDate'];
const BOOLEAN_FIELDS = ['isVolunteer', 'isBoardMember'];

function instantMs(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  return toInt(value);
}

/** A `contacts` row (either engine) and the lists it belongs to -> the facts rules compare. */
export function toContactFacts(row: Record<string, unknown>, listIds: Iterable<string>): ContactFacts {
  const facts: ContactFacts = { ...row, id: String(row.id), listIds: new Set(listIds) };
  for (const field of NUMBER_FIELDS) facts[field] = row[field] === null || row[field] === undefined ? null : Number(row[field]);
  for (const field of DATE_FIELDS) facts[field] = toIsoDate(row[field] as string | null);
  for (const field of BOOLEAN_FIELDS) facts[field] = toBool(row[field]);
  facts.createdAt = instantMs(row.createdAt);
  facts.updatedAt = instantMs(row.updatedAt);
  let tags: unknown = [];
  try {
    tags = typeof row.tags === 'string' ? JSON.parse(row.tags) : [];
  } catch {
    tags = [];
  }
  facts.tags = Array.isArray(tags) ? tags : [];
  return facts;
}
