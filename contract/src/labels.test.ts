import { z } from 'zod';
import * as contract from './index';

/**
 * Every message a request schema of the contract can give names its field as the UI labels it
 * ("Max attendees must be 0 or more"), never by its internal name ("maxAttendees ..."): the same
 * message is the API's 4xx and the form's error under the field.
 *
 * Messages are found two ways: by walking each schema's definition (every error a type or a check
 * carries), and by parsing hostile values for every field (messages built at parse time, in
 * refinements and transforms).
 */
const CAMEL_CASE = /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/;

type Def = { type: string; error?: (issue: unknown) => unknown; checks?: Array<{ _zod: { def: Def } }>; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const FAKE_ISSUES = [
  { code: 'invalid_type', input: undefined },
  { code: 'invalid_type', input: 'x' },
  { code: 'invalid_type', input: 5 },
  { code: 'too_big', input: 'x'.repeat(300) },
];

function messagesOf(error: Def['error']): string[] {
  if (typeof error !== 'function') return [];
  const found: string[] = [];
  for (const issue of FAKE_ISSUES) {
    try {
      const result = error(issue);
      if (typeof result === 'string') found.push(result);
      else if (result && typeof (result as { message?: unknown }).message === 'string') found.push((result as { message: string }).message);
    } catch {
      // An error function that needs a fuller issue: its messages are reached by parsing below.
    }
  }
  return found;
}

/** Every message in a schema's definition tree, with where it was found. */
function walk(schema: unknown, where: string, out: Array<[string, string]>, seen = new Set<unknown>()): void {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  for (const message of messagesOf(def.error)) out.push([where, message]);
  for (const check of def.checks ?? []) for (const message of messagesOf(check._zod.def.error)) out.push([where, message]);
  const child = (value: unknown, suffix = '') => walk(value, where + suffix, out, seen);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) child(value, `.${key}`);
      child(def.catchall);
      break;
    case 'pipe':
      child(def.in);
      child(def.out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) child(option);
      break;
    case 'intersection':
      child(def.left);
      child(def.right);
      break;
    case 'array':
      child(def.element, '[]');
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => child(item, `[${i}]`));
      child(def.rest);
      break;
    case 'record':
      child(def.keyType);
      child(def.valueType, '{}');
      break;
    case 'lazy':
      child((def.getter as () => unknown)());
      break;
    default:
      child(def.innerType);
  }
}

const HOSTILE: unknown[] = [undefined, null, '', '   ', 'x', 'not a date', '2024-02-30', 'x'.repeat(70_000), -1, 1.5, 1e20, true, [], {}, ['x'], [{}]];

/** The object shape a request schema reads (through optional, default, pipe and preprocess). */
function shapeOf(schema: unknown, depth = 0): Record<string, unknown> | undefined {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  if (def.type === 'pipe') return shapeOf(def.in, depth + 1) ?? shapeOf(def.out, depth + 1);
  return shapeOf(def.innerType, depth + 1);
}

function parsedMessages(schema: z.ZodType): string[] {
  const found: string[] = [];
  const collect = (input: unknown) => {
    const result = schema.safeParse(input);
    if (!result.success) for (const issue of result.error.issues) found.push(`${issue.path.join('.')}: ${issue.message}`);
  };
  collect(undefined);
  collect({});
  const shape = shapeOf(schema) ?? {};
  for (const key of Object.keys(shape)) for (const value of HOSTILE) collect({ [key]: value });
  return found;
}

const requestSchemas: Array<[string, z.ZodType]> = (Object.entries(contract) as Array<[string, unknown]>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType && !/Response/.test(entry[0]),
);

describe('validation messages name fields by their labels', () => {
  it('finds the contract request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(40);
  });

  it.each(requestSchemas)('%s: no message contains a camelCase internal name', (_name, schema) => {
    const walked: Array<[string, string]> = [];
    walk(schema, '', walked);
    const offending = [
      ...walked.filter(([, message]) => CAMEL_CASE.test(message)).map(([where, message]) => `${where || '(schema)'}: ${message}`),
      ...parsedMessages(schema).filter((line) => CAMEL_CASE.test(line.slice(line.indexOf(': ') + 2))),
    ];
    expect([...new Set(offending)]).toEqual([]);
  });
});

describe("an import row's messages name fields by the mapping step's labels", () => {
  it('no row message contains a camelCase internal name', () => {
    const bad: Record<string, unknown> = {};
    for (const field of contract.IMPORT_TARGET_FIELDS) bad[field] = 'x'.repeat(70_000);
    const hostileRows: Array<Partial<Record<contract.ImportTargetField, unknown>>> = [
      bad,
      { firstName: 'Ada', amount: '10', donationDate: 'not a date', paymentMethod: 'barter', donationStatus: 'maybe' },
      { firstName: 'Ada', amount: '10', donationDate: '1850-01-01' },
      { firstName: 'Ada', donationDate: 'soon' },
      { firstName: 'Ada', pledgedAmount: '5', dueDate: 'later', pledgeStatus: 'perhaps' },
      { firstName: 'Ada', dueDate: 'later' },
      { firstName: 'Ada', contactId: 'no id', donationContactId: 'no id', pledgeContactId: 'no id', amount: '1e20' },
      { firstName: 'Ada', tags: Array.from({ length: 300 }, (_, i) => `t${i}`).join(',') },
      { email: 'not an email', associateFirstName: 'Bo', associateEmail: 'nope' },
    ];
    const messages = hostileRows.flatMap((row) => contract.validateImportRow(row, '2026-11-26').errors.map((e) => e.message));
    expect(messages).toContain(contract.INVALID_DONATION_DATE);
    expect(contract.INVALID_DONATION_DATE).toBe('Invalid Donation Date format');
    expect(messages.filter((message) => CAMEL_CASE.test(message))).toEqual([]);
  });
});
