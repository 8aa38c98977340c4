import type { Knex } from 'knex';
import { isRuleGroup, type ListRule, type RuleCondition } from '@caucus/contract';
import type { Engine } from '../../../db/knex';
import type { RuleContext } from './context';
import { addDays, dayStartMs } from '../../../lib/calendarDays';
import { sqlField } from './fields';

// Rules -> one SQL condition over `contacts`. Identifiers come from the whitelist (bound as ??), values
// are bound as ?, and LIKE patterns escape their wildcards, so a rule's text is only ever data.

export type SqlCondition = { sql: string; bindings: Knex.RawBinding[] };

// '!' rather than backslash: MariaDB reads '\\' in a literal as one character, SQLite as two.
const ESCAPE = "escape '!'";
const escapeLike = (text: string) => text.replace(/[!%_]/g, (ch) => `!${ch}`);

/**
 * `fewContacts`: the condition will be ANDed with a short primary-key list (live membership), so a
 * tag rule probes each contact's own tags (contact_tags' primary key) instead of collecting every
 * contact of the account that has the tag, which is the fast form for a whole-account count.
 */
export type CompileOptions = { fewContacts?: boolean };

function compileCondition(rule: RuleCondition, engine: Engine, context: RuleContext, options: CompileOptions): SqlCondition {
  const { kind, column } = sqlField(rule.field);
  const value = rule.value;
  // MariaDB's utf8mb4_unicode_ci already ignores case; SQLite's '=' and IN do not.
  const nocase = engine === 'sqlite' ? ' collate nocase' : '';
  const c = (sql: string, ...bindings: Knex.RawBinding[]): SqlCondition => ({ sql, bindings: [column, ...bindings] });
  const nullOr = (sql: string, ...bindings: Knex.RawBinding[]): SqlCondition => ({
    sql: `(?? is null or ${sql})`,
    bindings: [column, column, ...bindings],
  });

  if (kind === 'list') {
    const exists = 'exists (select 1 from contact_list_members lm where lm.list_id = ? and lm.contact_id = ??)';
    return { sql: rule.operator === 'member_of' ? exists : `not ${exists}`, bindings: [value as string, column] };
  }
  if (kind === 'majorDonor') return c(value === true ? '?? >= ?' : '?? < ?', context.majorGiftThreshold);
  if (kind === 'tags') {
    // contact_tags holds each tag lower-cased (kept by triggers): an indexed lookup, not a JSON scan.
    if (options.fewContacts) {
      const own = 'exists (select 1 from contact_tags ct where ct.contact_id = ?? and ct.tag = lower(?) and ct.account_id = ?)';
      return { sql: rule.operator === 'has_tag' ? own : `not ${own}`, bindings: ['contacts.id', value as string, context.accountId] };
    }
    const tagged = `?? ${rule.operator === 'has_tag' ? 'in' : 'not in'} (select ct.contact_id from contact_tags ct where ct.account_id = ? and ct.tag = lower(?))`;
    return { sql: tagged, bindings: ['contacts.id', context.accountId, value as string] };
  }

  switch (rule.operator) {
    case 'is_null':
      return kind === 'text' ? { sql: "(?? is null or ?? = '')", bindings: [column, column] } : c('?? is null');
    case 'is_not_null':
      return kind === 'text' ? { sql: "(?? is not null and ?? <> '')", bindings: [column, column] } : c('?? is not null');
    case 'equals':
      if (kind === 'boolean') return c('?? = ?', value === true ? 1 : 0);
      return kind === 'number' ? c('?? = ?', value as number) : c(`??${nocase} = ?`, value as string);
    case 'not_equals':
      return kind === 'number' ? nullOr('?? <> ?', value as number) : nullOr(`??${nocase} <> ?`, value as string);
    case 'contains':
      return c(`?? like ? ${ESCAPE}`, `%${escapeLike(value as string)}%`);
    case 'not_contains':
      return nullOr(`?? not like ? ${ESCAPE}`, `%${escapeLike(value as string)}%`);
    case 'starts_with':
      return c(`?? like ? ${ESCAPE}`, `${escapeLike(value as string)}%`);
    case 'ends_with':
      return c(`?? like ? ${ESCAPE}`, `%${escapeLike(value as string)}`);
    case 'greater_than':
      return c('?? > ?', value as number);
    case 'greater_than_or_equal':
      return c('?? >= ?', value as number);
    case 'less_than':
      return c('?? < ?', value as number);
    case 'less_than_or_equal':
      return c('?? <= ?', value as number);
    case 'between': {
      const [low, high] = value as [number, number];
      return c('?? between ? and ?', low, high);
    }
    case 'in':
    case 'not_in': {
      const choices = value as string[];
      const list = `??${nocase} ${rule.operator === 'in' ? 'in' : 'not in'} (${choices.map(() => '?').join(', ')})`;
      return rule.operator === 'in' ? c(list, ...choices) : nullOr(list, ...choices);
    }
    case 'date_before':
    case 'date_after':
    case 'date_between': {
      const [from, to] = rule.operator === 'date_between' ? (value as [string, string]) : [value as string, value as string];
      if (kind === 'instant') {
        const start = (date: string) => new Date(dayStartMs(date, context.timeZone));
        if (rule.operator === 'date_before') return c('?? < ?', start(from));
        if (rule.operator === 'date_after') return c('?? >= ?', start(addDays(to, 1)));
        return { sql: '(?? >= ? and ?? < ?)', bindings: [column, start(from), column, start(addDays(to, 1))] };
      }
      if (rule.operator === 'date_before') return c('?? < ?', from);
      if (rule.operator === 'date_after') return c('?? > ?', to);
      return c('?? between ? and ?', from, to);
    }
    default:
      throw new Error(`operator outside the whitelist: ${String(rule.operator)}`);
  }
}

/** AND binds tighter than OR: the list is split at each 'or' into runs that must all hold. */
export function splitAtOr<T extends { logic?: 'and' | 'or' }>(rules: T[]): T[][] {
  const runs: T[][] = [];
  for (const [index, rule] of rules.entries()) {
    if (index === 0 || rule.logic === 'or') runs.push([rule]);
    else runs[runs.length - 1].push(rule);
  }
  return runs;
}

function compileList(rules: ListRule[], engine: Engine, context: RuleContext, options: CompileOptions): SqlCondition {
  const bindings: Knex.RawBinding[] = [];
  const runs = splitAtOr(rules).map((run) =>
    run
      .map((rule) => {
        const part = isRuleGroup(rule) ? compileList(rule.rules, engine, context, options) : compileCondition(rule, engine, context, options);
        bindings.push(...part.bindings);
        return `(${part.sql})`;
      })
      .join(' and '),
  );
  return { sql: runs.length === 1 ? runs[0] : runs.map((run) => `(${run})`).join(' or '), bindings };
}

/**
 * The rules as one condition; no rules match nobody (a smart list without rules is empty). It is
 * parenthesised whole: callers AND it with the account scope (and an id list), and SQL's OR binds
 * looser than AND, so 'account = ? and (a) or (b)' would reach every account's contacts.
 */
export function compileRules(rules: ListRule[], engine: Engine, context: RuleContext, options: CompileOptions = {}): SqlCondition {
  if (rules.length === 0) return { sql: '1 = 0', bindings: [] };
  const condition = compileList(rules, engine, context, options);
  return { sql: `(${condition.sql})`, bindings: condition.bindings };
}
