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

/**
 * A row's renaming, made once per set of columns: an object literal of the camelCase keys. Copying
 * key by key into an empty object cost about 9 µs a row of 30 columns (a third of the work of a
 * contacts page, profiled under load: docs/benchmarks.md); the literal gives the row its final shape at
 * once, about a tenth of that, and the readers after it (the route's mapping, JSON) see one shape.
 * Keys are quoted with JSON.stringify, so any column name or alias is a plain string literal; a key
 * named __proto__ is a computed one, an own property like the others (a plain one would set the
 * prototype).
 */
type RowRenamer = (row: Record<string, unknown>) => Record<string, unknown>;
const renamers = new Map<string, RowRenamer>();

function renamerOf(keys: string[]): RowRenamer {
  const signature = keys.join('\u0000');
  let renamer = renamers.get(signature);
  if (renamer === undefined) {
    const fields = keys.map((key) => {
      const name = JSON.stringify(toCamel(key));
      return `${name === '"__proto__"' ? `[${name}]` : name}: row[${JSON.stringify(key)}]`;
    });
    renamer = new Function('row', `return { ${fields.join(', ')} };`) as RowRenamer;
    // Column sets are few; aliases made from user input could be many: stop remembering, never grow.
    if (renamers.size < MAX_REMEMBERED) renamers.set(signature, renamer);
  }
  return renamer;
}

/**
 * Renames the keys of result rows; values are left untouched (JSON text, dates and numbers are the
 * caller's business). Arrays are walked because raw mysql results are `[rows, fields]`. The rows of
 * one result have the same columns (a driver builds them from the statement's fields), so an array's
 * first row decides the renaming of the plain-object rows after it.
 */
export function camelizeResult(result: unknown): unknown {
  if (Array.isArray(result)) {
    const first: unknown = result[0];
    if (!isPlainObject(first)) return result.map((item) => camelizeResult(item));
    const rename = renamerOf(Object.keys(first));
    return result.map((item) => (isPlainObject(item) ? rename(item) : camelizeResult(item)));
  }
  if (isPlainObject(result)) return renamerOf(Object.keys(result))(result);
  return result;
}
