import { useEffect, useState } from 'react';
import { Button, Select, TextField } from '@caucus/design-system';
import { formatAmount } from '@caucus/platform';
import { OPERATOR_LABELS, operatorsFor, RULE_FIELD_GROUPS, RULE_FIELDS, ruleField, type RuleLogic, type RuleOperator } from '@caucus/contract';
import { LIST_OPTIONS_LIMIT } from '../api/listsApi';
import { useListNames, useListOptions, useListSettings } from '../hooks/useLists';
import { listNameOrNote } from '../utils/describeRules';
import {
  canAddGroup,
  emptyCondition,
  emptyGroup,
  runsOf,
  withField,
  withOperator,
  withoutRule,
  type DraftCondition,
  type DraftRule,
} from '../utils/ruleDrafts';
import styles from './RuleBuilder.module.css';

export type RuleBuilderProps = {
  rules: DraftRule[];
  onChange: (rules: DraftRule[]) => void;
  /** The list being edited: it cannot refer to itself. */
  listId?: string;
};

/** Smart-list rules: conditions and nested groups; AND binds tighter than OR, so AND runs are drawn as one block. */
export function RuleBuilder({ rules, onChange, listId }: RuleBuilderProps) {
  return (
    <div className={styles.builder}>
      <RuleItems rules={rules} onChange={onChange} depth={0} listId={listId} />
    </div>
  );
}

type RuleItemsProps = { rules: DraftRule[]; onChange: (rules: DraftRule[]) => void; depth: number; listId?: string };

function RuleItems({ rules, onChange, depth, listId }: RuleItemsProps) {
  const replace = (next: DraftRule) => onChange(rules.map((rule) => (rule.id === next.id ? next : rule)));
  const remove = (id: string) => onChange(withoutRule(rules, id));
  const runs = runsOf(rules);

  return (
    <div className={styles.items}>
      {runs.map((run, runIndex) => (
        <div key={run[0].id} className={styles.runWrap}>
          {runIndex > 0 ? (
            <div className={styles.orDivider}>
              <LogicSelect value="or" onChange={(logic) => replace({ ...run[0], logic })} />
            </div>
          ) : null}
          <div className={runs.length > 1 || run.length > 1 ? styles.run : undefined}>
            {run.map((rule, index) => (
              <div key={rule.id} className={styles.item}>
                {index > 0 ? (
                  <div className={styles.andJoin}>
                    <LogicSelect value="and" onChange={(logic) => replace({ ...rule, logic })} />
                  </div>
                ) : null}
                {rule.kind === 'group' ? (
                  <fieldset className={styles.group}>
                    <legend className={styles.groupLegend}>Group</legend>
                    <RuleItems rules={rule.rules} onChange={(inner) => replace({ ...rule, rules: inner })} depth={depth + 1} listId={listId} />
                    <div className={styles.groupActions}>
                      <Button variant="ghost" size="sm" onClick={() => remove(rule.id)}>
                        Remove group
                      </Button>
                    </div>
                  </fieldset>
                ) : (
                  <ConditionRow rule={rule} onChange={replace} onRemove={() => remove(rule.id)} listId={listId} />
                )}
              </div>
            ))}
          </div>
        </div>
      ))}
      <div className={styles.addRow}>
        <Button variant="secondary" size="sm" onClick={() => onChange([...rules, emptyCondition(rules.length > 0 ? 'and' : undefined)])}>
          + Add rule
        </Button>
        {canAddGroup(depth) ? (
          <Button variant="secondary" size="sm" onClick={() => onChange([...rules, emptyGroup(rules.length > 0 ? 'and' : undefined)])}>
            + Add group
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function LogicSelect({ value, onChange }: { value: RuleLogic; onChange: (logic: RuleLogic) => void }) {
  return (
    <Select
      label="Join with"
      hideLabel
      className={styles.logic}
      value={value}
      options={[
        { value: 'and', label: 'AND' },
        { value: 'or', label: 'OR' },
      ]}
      onChange={(event) => onChange(event.target.value as RuleLogic)}
    />
  );
}

type ConditionRowProps = { rule: DraftCondition; onChange: (rule: DraftCondition) => void; onRemove: () => void; listId?: string };

function ConditionRow({ rule, onChange, onRemove, listId }: ConditionRowProps) {
  const definition = ruleField(rule.field);
  return (
    <div className={styles.condition} data-testid="rule">
      <Select
        label="Field"
        hideLabel
        className={styles.field}
        value={rule.field}
        placeholder="Choose a field"
        onChange={(event) => onChange(withField(rule, event.target.value))}
      >
        {RULE_FIELD_GROUPS.map((group) => (
          <optgroup key={group} label={group}>
            {RULE_FIELDS.filter((field) => field.group === group).map((field) => (
              <option key={field.field} value={field.field}>
                {field.label}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <Select
        label="Operator"
        hideLabel
        className={styles.operator}
        value={rule.operator}
        disabled={!definition}
        options={(definition ? operatorsFor(definition.type) : []).map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
        placeholder={definition ? undefined : 'Operator'}
        onChange={(event) => onChange(withOperator(rule, event.target.value))}
      />
      <div className={styles.value}>
        <ValueEditor rule={rule} onChange={(value) => onChange({ ...rule, value })} listId={listId} />
      </div>
      <Button variant="ghost" size="sm" aria-label="Remove rule" onClick={onRemove}>
        ✕
      </Button>
    </div>
  );
}

const numberOrBlank = (text: string): number | string => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

function ValueEditor({ rule, onChange, listId }: { rule: DraftCondition; onChange: (value: unknown) => void; listId?: string }) {
  const definition = ruleField(rule.field);
  const operator = rule.operator as RuleOperator;
  if (!definition || operator === 'is_null' || operator === 'is_not_null') return null;
  const value = rule.value;
  const pair = Array.isArray(value) ? value : ['', ''];

  switch (definition.type) {
    case 'boolean':
      return (
        <Select
          label="Value"
          hideLabel
          hint={rule.field === 'isMajorDonor' ? <MajorDonorHint /> : undefined}
          value={String(value === true)}
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          onChange={(event) => onChange(event.target.value === 'true')}
        />
      );
    case 'number':
      if (operator === 'between') {
        return (
          <div className={styles.pair}>
            <TextField
              label="From"
              hideLabel
              type="number"
              step="any"
              value={String(pair[0] ?? '')}
              onChange={(event) => onChange([numberOrBlank(event.target.value), pair[1]])}
            />
            <span className={styles.and}>and</span>
            <TextField
              label="To"
              hideLabel
              type="number"
              step="any"
              value={String(pair[1] ?? '')}
              onChange={(event) => onChange([pair[0], numberOrBlank(event.target.value)])}
            />
          </div>
        );
      }
      return (
        <TextField
          label="Value"
          hideLabel
          type="number"
          step="any"
          value={String(value ?? '')}
          onChange={(event) => onChange(numberOrBlank(event.target.value))}
        />
      );
    case 'date':
      if (operator === 'date_between') {
        return (
          <div className={styles.pair}>
            <TextField label="From date" hideLabel type="date" value={String(pair[0] ?? '')} onChange={(event) => onChange([event.target.value, pair[1]])} />
            <span className={styles.and}>and</span>
            <TextField label="To date" hideLabel type="date" value={String(pair[1] ?? '')} onChange={(event) => onChange([pair[0], event.target.value])} />
          </div>
        );
      }
      return <TextField label="Date" hideLabel type="date" value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} />;
    case 'select':
      if (operator === 'in' || operator === 'not_in') return <CommaSeparated value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} />;
      return (
        <Select
          label="Value"
          hideLabel
          value={String(value ?? '')}
          placeholder="Choose a value"
          options={(definition.options ?? []).map((option) => ({ value: option, label: option }))}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'list':
      return <ListPicker value={String(value ?? '')} onChange={onChange} listId={listId} />;
    default:
      return (
        <TextField
          label="Value"
          hideLabel
          value={String(value ?? '')}
          placeholder={definition.type === 'tags' ? 'Tag' : 'Value'}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** In/not-in values are entered comma-separated (docs/product/validation.md); the text is kept while typing. */
function CommaSeparated({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextField
      label="Values"
      hideLabel
      placeholder="e.g. CA, NY, TX"
      hint="Separate values with commas"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** What "major donor" means for this account (List Settings changes it), to the cent when it has cents. */
function MajorDonorHint() {
  const settings = useListSettings();
  const threshold = settings.data?.majorGiftThreshold;
  return threshold === undefined ? null : <>Lifetime giving of at least {formatAmount(threshold)}</>;
}

/**
 * The list a 'member of list' rule names. It offers the first LIST_OPTIONS_LIMIT lists and, when the
 * account has more, a search to reach the others; the chosen list stays offered whatever the search.
 */
function ListPicker({ value, onChange, listId }: { value: string; onChange: (value: string) => void; listId?: string }) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchText]);
  const lists = useListOptions(search);
  const found = lists.data?.lists ?? [];
  // The chosen list may lie outside what the search shows: its name is looked up on its own.
  const chosenName = useListNames(value && !lists.isPending && !found.some((list) => list.id === value) ? [value] : []);
  const total = lists.data?.total ?? 0;
  const options = found.filter((list) => list.id !== listId).map((list) => ({ value: list.id, label: list.name }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: listNameOrNote(chosenName(value)) });
  const searchable = search !== '' || searchText !== '' || total > LIST_OPTIONS_LIMIT;
  const hint = total > found.length ? `Showing ${found.length} of ${total.toLocaleString('en-US')} lists; search to find the others` : undefined;

  return (
    <div className={styles.listPicker}>
      {searchable ? (
        <TextField
          label="Search lists"
          hideLabel
          type="search"
          placeholder="Search lists..."
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      ) : null}
      <Select
        label="List"
        hideLabel
        value={value}
        hint={hint}
        placeholder={lists.isPending ? 'Loading lists…' : search && found.length === 0 ? 'No list matches' : 'Choose a list'}
        options={options}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
