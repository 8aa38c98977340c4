import type { Knex } from 'knex';
import { engineOf } from './knex';
import { camelizeResult } from './naming';
import { queryMysqlPool } from './driverQuery';

/** A statement's parameters: the values that change from one run to the next (bytes for binary columns). */
export type QueryParams = Record<string, string | number | Buffer>;

export type CompiledQuery<P extends QueryParams, Row> = {
  /** The statement's rows for these parameters. */
  rows(params: P): Promise<Row[]>;
  /** Its first row, or undefined. */
  first(params: P): Promise<Row | undefined>;
};

// Stand-ins the statement is built with once: each parameter's value is recognised among the
// compiled bindings by them. Numbers stay numbers (knex's limit and offset take no string), in a range
// no statement of the API binds as a constant.
const STRING_MARK = '\u0000param:';
const FIRST_NUMBER_MARK = 987_654_321_000;

/**
 * A read of fixed shape, compiled by knex once and then sent with each run's values. knex turns a
 * query builder into SQL on every run, and for the hot reads (a contacts page with its total, the
 * dashboard's figures) that compilation was a tenth of the API's CPU per request (profiled under load:
 * docs/benchmarks.md). The SQL sent is the builder's own text, so the statement, its plan and its
 * result are the same; rows still go through the connection's naming (camelCase keys). On MariaDB a
 * DATETIME comes back as its text ('YYYY-MM-DD HH:MM:SS.fff', UTC), which the readers of
 * db/values.ts take like the Date the connection would have made.
 *
 * `build` must give one shape whatever the values (a branch on a value makes two compiled queries, one
 * per branch). Every parameter must reach the SQL as a binding; the first run checks it.
 */
export function compiledQuery<P extends QueryParams, Row = Record<string, unknown>>(
  knex: Knex,
  build: (params: P) => Knex.QueryBuilder,
): CompiledQuery<P, Row> {
  let compiled: { sql: string; bindingOf: Array<{ param: string } | { constant: unknown }> } | undefined;

  function compile(example: P): NonNullable<typeof compiled> {
    const marks = new Map<unknown, string>();
    const stand: Record<string, string | number> = {};
    let nextNumber = FIRST_NUMBER_MARK;
    for (const [name, value] of Object.entries(example)) {
      const mark = typeof value === 'number' ? nextNumber++ : `${STRING_MARK}${name}`;
      stand[name] = mark;
      marks.set(mark, name);
    }
    const { sql, bindings } = build(stand as P).toSQL();
    const bindingOf = bindings.map((value) => (marks.has(value) ? { param: marks.get(value)! } : { constant: value }));
    const bound = new Set(bindingOf.flatMap((binding) => ('param' in binding ? [binding.param] : [])));
    const missing = [...marks.values()].filter((name) => !bound.has(name));
    if (missing.length > 0) throw new Error(`compiledQuery: ${missing.join(', ')} never reached the SQL as a binding`);
    return { sql, bindingOf };
  }

  async function rows(params: P): Promise<Row[]> {
    compiled ??= compile(params);
    const bindings = compiled.bindingOf.map((binding) => ('param' in binding ? params[binding.param] : binding.constant)) as Knex.RawBinding[];
    // On MariaDB the statement goes to a pooled connection past knex's query runner, its DATETIMEs
    // left as their text: for a contacts page the runner was about a tenth of the API's CPU a request,
    // and making a Date of each instant and its ISO text from the Date another 4% (docs/benchmarks.md,
    // 2026-11-28).
    if (engineOf(knex) === 'mysql') return camelizeResult(await queryMysqlPool(knex, { sql: compiled.sql, dateStrings: true }, bindings)) as Row[];
    return (await knex.raw(compiled.sql, bindings)) as Row[];
  }

  return {
    rows,
    async first(params) {
      return (await rows(params))[0];
    },
  };
}
