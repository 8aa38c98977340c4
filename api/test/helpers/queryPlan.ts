import type { Knex } from 'knex';
import { engineOf } from '../../src/db/knex';

/** A statement as knex's `query` event reports it. */
export type Statement = { sql: string; bindings: readonly unknown[] };

/** One step of a plan: the table it reads ('' when the step reads none), the index it reads it by, and the step as the database words it. */
export type PlanStep = { table: string; index: string; detail: string };

/**
 * How the database would run a statement: SQLite's EXPLAIN QUERY PLAN (its SCAN and SEARCH steps
 * name the table and index), or MariaDB's EXPLAIN (a row per table, its key and Extra).
 */
export async function queryPlan(knex: Knex, statement: Statement): Promise<PlanStep[]> {
  const bindings = statement.bindings as Knex.RawBinding[];
  if (engineOf(knex) === 'sqlite') {
    const rows: { detail: string }[] = await knex.raw(`explain query plan ${statement.sql}`, bindings);
    return rows.map(({ detail }) => {
      const step = /^(?:SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail);
      return { table: step?.[1] ?? '', index: step ? (step[2] ?? 'no index') : '', detail };
    });
  }
  const [rows] = (await knex.raw(`explain ${statement.sql}`, bindings)) as [{ table: string | null; key: string | null; Extra: string | null }[]];
  return rows.map((row) => ({ table: String(row.table ?? ''), index: String(row.key), detail: `${row.key} ${row.Extra ?? ''}` }));
}
