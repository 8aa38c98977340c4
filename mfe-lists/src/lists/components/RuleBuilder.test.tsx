import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { RuleBuilder } from './RuleBuilder';
import { emptyCondition, toWireRules, type DraftRule } from '../utils/ruleDrafts';

function Harness({ initial, onRules, listId }: { initial: DraftRule[]; onRules: (rules: DraftRule[]) => void; listId?: string }) {
  const [rules, setRules] = useState(initial);
  return (
    <RuleBuilder
      rules={rules}
      listId={listId}
      onChange={(next) => {
        setRules(next);
        onRules(next);
      }}
    />
  );
}

function renderBuilder(initial: DraftRule[] = [emptyCondition()], listId?: string) {
  const onRules = jest.fn();
  renderAt('/dashboard/lists/new', '/dashboard/lists/new', <Harness initial={initial} onRules={onRules} listId={listId} />);
  const latest = (): DraftRule[] => onRules.mock.calls.at(-1)?.[0] ?? initial;
  return { latest };
}

const rows = () => screen.getAllByTestId('rule');
const inRow = (index: number) => within(rows()[index]);
const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

beforeEach(() => {
  mockApi((url) => {
    if (url.pathname === '/api/contact-lists/settings') return { body: { data: { settings: { majorGiftThreshold: 2500 } } } };
    return { body: { data: { lists: [], total: 0 } } };
  });
});

describe('rule builder', () => {
  test('adds rules joined with AND, and groups holding their own rules', async () => {
    const { latest } = renderBuilder();
    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'city');
    await userEvent.type(inRow(0).getByLabelText('Value'), 'Oakland');
    await userEvent.click(screen.getByRole('button', { name: '+ Add rule' }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByLabelText('Join with')).toHaveValue('and');
    await userEvent.selectOptions(inRow(1).getByLabelText('Field'), 'state');
    await userEvent.selectOptions(inRow(1).getByLabelText('Value'), 'CA');

    await userEvent.click(screen.getAllByRole('button', { name: '+ Add group' })[0]);
    const group = screen.getByRole('group', { name: 'Group' });
    expect(within(group).getAllByTestId('rule')).toHaveLength(1);
    await userEvent.click(within(group).getByRole('button', { name: '+ Add rule' }));
    expect(within(group).getAllByTestId('rule')).toHaveLength(2);
    await userEvent.selectOptions(within(group).getAllByLabelText('Field')[0], 'isVolunteer');
    await userEvent.selectOptions(within(group).getAllByLabelText('Field')[1], 'isBoardMember');
    await userEvent.selectOptions(within(group).getByLabelText('Join with'), 'or');

    expect(toWireRules(latest())).toEqual([
      { field: 'city', operator: 'equals', value: 'Oakland' },
      { field: 'state', operator: 'equals', value: 'CA', logic: 'and' },
      {
        logic: 'and',
        rules: [
          { field: 'isVolunteer', operator: 'equals', value: true },
          { field: 'isBoardMember', operator: 'equals', value: true, logic: 'or' },
        ],
      },
    ]);

    await userEvent.click(within(group).getByRole('button', { name: 'Remove group' }));
    expect(screen.queryByRole('group', { name: 'Group' })).not.toBeInTheDocument();
  });

  test('changing the field or the operator resets the value to the type’s default (docs/product/behaviour.md)', async () => {
    const { latest } = renderBuilder();
    const value = () => (latest()[0] as { value: unknown }).value;
    const operator = () => (latest()[0] as { operator: string }).operator;

    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'totalDonated');
    expect([operator(), value()]).toEqual(['equals', 0]);
    expect(inRow(0).getByLabelText('Value')).toHaveValue(0);
    await userEvent.clear(inRow(0).getByLabelText('Value'));
    await userEvent.type(inRow(0).getByLabelText('Value'), '50');
    expect(value()).toBe(50);
    await userEvent.selectOptions(inRow(0).getByLabelText('Operator'), 'between');
    expect(value()).toEqual([0, 0]);
    expect(inRow(0).getByLabelText('From')).toHaveValue(0);
    expect(inRow(0).getByLabelText('To')).toHaveValue(0);
    await userEvent.selectOptions(inRow(0).getByLabelText('Operator'), 'is_null');
    expect(value()).toBeNull();
    expect(inRow(0).queryByLabelText('Value')).not.toBeInTheDocument();

    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'city');
    expect([operator(), value()]).toEqual(['equals', '']);
    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'lastDonationDate');
    expect([operator(), value()]).toEqual(['date_before', '']);
    expect(inRow(0).getByLabelText('Date')).toHaveValue('');
    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'isVolunteer');
    expect([operator(), value()]).toEqual(['equals', true]);
    expect(inRow(0).getByLabelText('Value')).toHaveValue('true');
    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'state');
    await userEvent.selectOptions(inRow(0).getByLabelText('Operator'), 'in');
    expect(value()).toEqual([]);
    await userEvent.type(inRow(0).getByLabelText('Values'), 'CA, NY,');
    expect(value()).toEqual(['CA', 'NY']);
    await userEvent.selectOptions(inRow(0).getByLabelText('Operator'), 'not_equals');
    expect(value()).toBe('');
  });

  test('removing the first rule clears the logic of the new first rule (docs/product/behaviour.md)', async () => {
    const first = { ...emptyCondition(), field: 'city', operator: 'equals', value: 'A' };
    const second = { ...emptyCondition('or'), field: 'city', operator: 'equals', value: 'B' };
    const { latest } = renderBuilder([first, second]);
    await userEvent.click(inRow(0).getByRole('button', { name: 'Remove rule' }));
    expect(latest()).toHaveLength(1);
    expect(latest()[0]).toMatchObject({ field: 'city', value: 'B' });
    expect(latest()[0].logic).toBeUndefined();
  });

  test('groups nest at most three levels deep', async () => {
    renderBuilder();
    const addGroup = () => screen.getAllByRole('button', { name: '+ Add group' });
    const groups = () => screen.getAllByRole('group', { name: 'Group' });
    await userEvent.click(addGroup()[0]);
    await userEvent.click(within(groups()[0]).getAllByRole('button', { name: '+ Add group' })[0]);
    await userEvent.click(within(groups()[1]).getAllByRole('button', { name: '+ Add group' })[0]);
    expect(groups()).toHaveLength(3);
    // The third level offers rules but no further group.
    const deepest = groups()[2];
    expect(within(deepest).getByRole('button', { name: '+ Add rule' })).toBeInTheDocument();
    expect(within(deepest).queryByRole('button', { name: '+ Add group' })).not.toBeInTheDocument();
    expect(addGroup()).toHaveLength(3);
  });

  test('offers exactly the operators of docs/product/validation.md for each field type, each with its own label', async () => {
    renderBuilder();
    const spec: Record<string, string[]> = {
      firstName: ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_null', 'is_not_null'],
      totalDonated: ['equals', 'not_equals', 'greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal', 'between', 'is_null', 'is_not_null'],
      lastDonationDate: ['date_before', 'date_after', 'date_between', 'is_null', 'is_not_null'],
      isVolunteer: ['equals'],
      status: ['equals', 'not_equals', 'in', 'not_in'],
      tags: ['has_tag', 'not_has_tag'],
    };
    for (const [field, operators] of Object.entries(spec)) {
      await userEvent.selectOptions(inRow(0).getByLabelText('Field'), field);
      const select = inRow(0).getByLabelText('Operator');
      expect({ field, operators: optionValues(select) }).toEqual({ field, operators });
      const labels = within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  test('the major donor rule says what a major donor is for this account', async () => {
    renderBuilder();
    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'isMajorDonor');
    expect(await screen.findByText('Lifetime giving of at least $2,500')).toBeInTheDocument();
  });

  test('the list picker does not stop at 100 lists: it says so and searches the rest', async () => {
    const fetchMock = mockApi((url) => {
      const search = url.searchParams.get('search');
      if (search === 'gala') return { body: { data: { lists: [{ id: 'l-gala', name: 'Gala guests' }], total: 1 } } };
      return { body: { data: { lists: Array.from({ length: 100 }, (_, i) => ({ id: `l-${i}`, name: `List ${i}` })), total: 150 } } };
    });
    const { latest } = renderBuilder([emptyCondition()], 'l-0');
    await userEvent.selectOptions(inRow(0).getByLabelText('Field'), 'listMembership');
    expect(await screen.findByText('Showing 100 of 150 lists; search to find the others')).toBeInTheDocument();
    const picker = inRow(0).getByLabelText('List');
    // The list being edited cannot name itself.
    expect(optionValues(picker)).not.toContain('l-0');
    expect(optionValues(picker)).toHaveLength(100); // 99 lists and the placeholder
    const first = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(first.searchParams)).toEqual({ limit: '100', offset: '0', isActive: 'true' });

    await userEvent.type(inRow(0).getByLabelText('Search lists'), 'gala');
    await waitFor(() => expect(optionValues(inRow(0).getByLabelText('List'))).toEqual(['', 'l-gala']));
    expect(screen.queryByText(/^Showing 100 of/)).not.toBeInTheDocument();
    await userEvent.selectOptions(inRow(0).getByLabelText('List'), 'l-gala');
    expect(latest()[0]).toMatchObject({ field: 'listMembership', operator: 'member_of', value: 'l-gala' });
  });
});
