import { emptyCondition, emptyGroup, runsOf, toDrafts, toWireRules, withField, withOperator, withoutRule, type DraftCondition } from './ruleDrafts';

describe('rule drafts', () => {
  test('a new field takes its first operator and that type’s default value (docs/product/behaviour.md)', () => {
    const rule = emptyCondition();
    expect(withField(rule, 'totalDonated')).toMatchObject({ field: 'totalDonated', operator: 'equals', value: 0 });
    expect(withField(rule, 'city')).toMatchObject({ operator: 'equals', value: '' });
    expect(withField(rule, 'lastDonationDate')).toMatchObject({ operator: 'date_before', value: '' });
    expect(withField(rule, 'isVolunteer')).toMatchObject({ operator: 'equals', value: true });
    expect(withField(rule, 'status')).toMatchObject({ operator: 'equals', value: '' });
    expect(withField(rule, 'tags')).toMatchObject({ operator: 'has_tag', value: '' });
  });

  test('a new operator resets the value: null, a range, an empty list', () => {
    const money = withField(emptyCondition(), 'totalDonated');
    expect(withOperator({ ...money, value: 50 }, 'is_null').value).toBeNull();
    expect(withOperator({ ...money, value: 50 }, 'between').value).toEqual([0, 0]);
    const state = withField(emptyCondition(), 'state');
    expect(withOperator({ ...state, value: 'CA' }, 'in').value).toEqual([]);
  });

  test('removing the first rule clears the logic of the new first rule', () => {
    const first = emptyCondition();
    const second: DraftCondition = { ...emptyCondition('or'), field: 'city' };
    const rest = withoutRule([first, second], first.id);
    expect(rest).toHaveLength(1);
    expect(rest[0].logic).toBeUndefined();
  });

  test('wire rules drop ids, rules without a field and empty groups; no logic on the first', () => {
    const unset = emptyCondition();
    const total = { ...withField(emptyCondition('and'), 'totalDonated'), value: 100 };
    const group = emptyGroup('or');
    const wire = toWireRules([unset, total, group]);
    expect(wire).toEqual([{ field: 'totalDonated', operator: 'equals', value: 100 }]);
    const nested = toWireRules(
      toDrafts([
        { field: 'city', operator: 'equals', value: 'A' },
        { logic: 'or', rules: [{ field: 'city', operator: 'equals', value: 'B' }] },
      ]),
    );
    expect(nested).toEqual([
      { field: 'city', operator: 'equals', value: 'A' },
      { logic: 'or', rules: [{ field: 'city', operator: 'equals', value: 'B' }] },
    ]);
  });

  test('AND binds tighter than OR: runs split at each or', () => {
    const runs = runsOf([{ id: 'a' }, { id: 'b', logic: 'and' as const }, { id: 'c', logic: 'or' as const }, { id: 'd', logic: 'and' as const }]);
    expect(runs.map((run) => run.map((rule) => rule.id))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
