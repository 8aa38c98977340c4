import { OPERATOR_LABELS, ruleField, type ListRule, type RuleOperator } from '@caucus/contract';

export function describeValue(value: unknown, operator: string): string {
  if (operator === 'is_null' || operator === 'is_not_null') return '';
  if (Array.isArray(value)) return operator === 'between' || operator === 'date_between' ? value.join(' and ') : value.join(', ');
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return String(value ?? '');
}

/** A rule's list as a summary shows it: its name, '…' while it loads, or that it is gone. */
export function listNameOrNote(name: string | null | undefined): string {
  if (name === undefined) return '…';
  return name ?? 'a deleted list';
}

/** One line a person can read: "Last donation amount is at least 100 AND (State is any of CA, NY OR ...)". */
/** `listName` turns a 'member of list' rule's list id into what the reader sees (its name). */
export function describeRules(rules: ListRule[], listName: (id: string) => string): string {
  return rules
    .map((rule, index) => {
      const join = index === 0 ? '' : `${(rule.logic ?? 'and').toUpperCase()} `;
      if ('rules' in rule) return `${join}(${describeRules(rule.rules, listName)})`;
      const label = ruleField(rule.field)?.label ?? rule.field;
      const value = rule.field === 'listMembership' ? listName(String(rule.value)) : describeValue(rule.value, rule.operator);
      return `${join}${label} ${OPERATOR_LABELS[rule.operator as RuleOperator] ?? rule.operator}${value ? ` ${value}` : ''}`;
    })
    .join(' ');
}
