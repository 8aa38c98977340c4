import { RULE_FIELDS, type RuleFieldType } from '@caucus/contract';

// The SQL side of the rule whitelist: each field of the contract's catalogue maps to one column of
// `contacts` and to how that column is compared. Nothing a request sends ever becomes SQL text.

/** How a field's column is compared; `instant` columns hold a UTC time, compared by whole days. */
export type ColumnKind = Exclude<RuleFieldType, 'date'> | 'date' | 'instant' | 'majorDonor';

export type SqlField = { type: RuleFieldType; kind: ColumnKind; column: string };

const INSTANT_FIELDS = new Set(['createdAt', 'updatedAt']);

function sqlFieldOf(field: string, type: RuleFieldType): SqlField {
  // A major donor is whoever gave at least the account's threshold, so changing the threshold needs no rewrite.
  if (field === 'isMajorDonor') return { type, kind: 'majorDonor', column: 'contacts.totalDonated' };
  if (field === 'listMembership') return { type, kind: 'list', column: 'contacts.id' };
  if (INSTANT_FIELDS.has(field)) return { type, kind: 'instant', column: `contacts.${field}` };
  return { type, kind: type, column: `contacts.${field}` };
}

export const SQL_FIELDS: ReadonlyMap<string, SqlField> = new Map(
  RULE_FIELDS.map((definition) => [definition.field, sqlFieldOf(definition.field, definition.type)]),
);

export function sqlField(field: string): SqlField {
  const found = SQL_FIELDS.get(field);
  // Rules are validated against the same catalogue before they get here.
  if (!found) throw new Error(`rule field outside the whitelist: ${field}`);
  return found;
}
