// Code speaks camelCase, the schema snake_case; these two functions are the whole mapping and must
// round-trip (toCamel(toSnake(x)) === x for every camelCase name used in code).

// Every identifier of every query and result row goes through these (a 1,000-row insert names each
// column 1,000 times); the names are few, so each conversion is worked out once.
const MAX_REMEMBERED = 10_000;
function remembered(convert: (identifier: string) => string): (identifier: string) => string {
  const known = new Map<string, string>();
  return (identifier) => {
    let converted = known.get(identifier);
    if (converted === undefined) {
      converted = convert(identifier);
      // Names are few; aliases made from user input could be many: stop remembering, never grow.
      if (known.size < MAX_REMEMBERED) known.set(identifier, converted);
    }
    return converted;
  };
}

export const toSnake = remembered((identifier) => {
  if (identifier === '*' || !/[A-Z]/.test(identifier)) return identifier;
  return identifier.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
});

export const toCamel = remembered((identifier) => {
  if (!identifier.includes('_')) return identifier;
  return identifier.replace(/_([a-z0-9])/g, (_match, ch: string) => ch.toUpperCase());
});

// Rows are made by native drivers in the main realm; under jest the code runs in another realm, so an
// identity check against this realm's Object.prototype would miss them. Depth of the prototype chain
// tells a plain object (0 or 1 level) from a class instance or Buffer.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function camelizeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) out[toCamel(key)] = row[key];
  return out;
}

/**
 * Renames the keys of result rows; values are left untouched (JSON text, dates and numbers are the
 * caller's business). Arrays are walked because raw mysql results are `[rows, fields]`.
 */
export function camelizeResult(result: unknown): unknown {
  if (Array.isArray(result)) return result.map((item) => camelizeResult(item));
  if (isPlainObject(result)) return camelizeRow(result);
  return result;
}
