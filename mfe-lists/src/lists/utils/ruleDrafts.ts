import { defaultRuleValue, MAX_RULE_DEPTH, operatorsFor, parseListRules, ruleField, type ListRule, type RuleLogic } from '@caucus/contract';

// The builder edits drafts: rules with a client-only id (removed before sending, docs/product/data.md) and
// possibly no field chosen yet (such rules are omitted when saving).

export type DraftCondition = { id: string; kind: 'rule'; field: string; operator: string; value: unknown; logic?: RuleLogic };
export type DraftGroup = { id: string; kind: 'group'; logic?: RuleLogic; rules: DraftRule[] };
export type DraftRule = DraftCondition | DraftGroup;

let lastId = 0;
const nextId = () => {
  lastId += 1;
  return `rule-${lastId}`;
};

export function emptyCondition(logic?: RuleLogic): DraftCondition {
  return { id: nextId(), kind: 'rule', field: '', operator: '', value: '', ...(logic ? { logic } : {}) };
}

export function emptyGroup(logic?: RuleLogic): DraftGroup {
  return { id: nextId(), kind: 'group', rules: [emptyCondition()], ...(logic ? { logic } : {}) };
}

export function toDrafts(rules: ListRule[]): DraftRule[] {
  return rules.map((rule) =>
    'rules' in rule
      ? { id: nextId(), kind: 'group', rules: toDrafts(rule.rules), ...(rule.logic ? { logic: rule.logic } : {}) }
      : { id: nextId(), kind: 'rule', field: rule.field, operator: rule.operator, value: rule.value, ...(rule.logic ? { logic: rule.logic } : {}) },
  );
}

/** Drafts -> wire rules: ids dropped, rules without a field and empty groups omitted, no logic on the first. */
export function toWireRules(drafts: DraftRule[]): ListRule[] {
  const kept: ListRule[] = [];
  for (const draft of drafts) {
    const logic = kept.length > 0 ? { logic: draft.logic ?? 'and' } : {};
    if (draft.kind === 'group') {
      const inner = toWireRules(draft.rules);
      if (inner.length > 0) kept.push({ ...logic, rules: inner });
    } else if (draft.field) {
      kept.push({ field: draft.field, operator: draft.operator, value: draft.value, ...logic } as ListRule);
    }
  }
  return kept;
}

/** docs/product/behaviour.md: a new field takes its type's first operator and that operator's default value. */
export function withField(rule: DraftCondition, field: string): DraftCondition {
  const definition = ruleField(field);
  if (!definition) return { ...rule, field: '', operator: '', value: '' };
  const operator = operatorsFor(definition.type)[0];
  return { ...rule, field, operator, value: defaultRuleValue(definition.type, operator) };
}

/** docs/product/behaviour.md: a new operator resets the value to that operator's default. */
export function withOperator(rule: DraftCondition, operator: string): DraftCondition {
  const definition = ruleField(rule.field);
  return { ...rule, operator, value: definition ? defaultRuleValue(definition.type, operator) : '' };
}

/** Removing the first rule clears the logic of the new first rule (docs/product/behaviour.md). */
export function withoutRule(rules: DraftRule[], id: string): DraftRule[] {
  const rest = rules.filter((rule) => rule.id !== id);
  if (rest.length > 0 && rest[0].logic) {
    const { logic: _dropped, ...first } = rest[0];
    rest[0] = first as DraftRule;
  }
  return rest;
}

export function canAddGroup(depth: number): boolean {
  return depth < MAX_RULE_DEPTH;
}

/** The rules as they would be sent, if they are complete and valid; otherwise why not. */
export function checkedWireRules(drafts: DraftRule[]): { ok: true; rules: ListRule[] } | { ok: false; message: string } {
  return parseListRules(toWireRules(drafts));
}

/** AND binds tighter than OR: indexes of the runs the builder draws as one block. */
export function runsOf<T extends { logic?: RuleLogic }>(rules: T[]): T[][] {
  const runs: T[][] = [];
  rules.forEach((rule, index) => {
    if (index === 0 || rule.logic === 'or') runs.push([rule]);
    else runs[runs.length - 1].push(rule);
  });
  return runs;
}
