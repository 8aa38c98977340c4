import { z } from 'zod';

/** Query-string integer with a clear message (query values arrive as strings). */
export function queryInt(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be an integer between ${min} and ${max}`;
  return z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    })
    .meta({ description: `An integer from ${min} to ${max}; ${fallback} when absent` });
}

/** Optional trimmed search text; blank means no search. */
export const searchParam = z
  .string({ error: 'search must be text' })
  .max(200, 'search must be at most 200 characters')
  .optional()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  });

export function queryBoolean(name: string) {
  return z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));
}

export const limitOffsetQuery = {
  limit: queryInt('limit', 1, 100, 20),
  offset: queryInt('offset', 0, 1_000_000_000, 0),
};

/** Email shape the product has always used: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Response envelope on success. */
export type ApiSuccess<T> = { data: T };
/** Response envelope on failure. */
export type ApiFailure = { message: string; details?: Record<string, string> };

/**
 * An input's text as the number an API schema expects: blank -> undefined (the schema says whether
 * that is allowed), else Number(text) - NaN for text that is no number, which the schema refuses with
 * its own message. Used to derive form schemas from API schemas instead of restating their rules.
 */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : Number(text);
}

/**
 * A form schema derived from an API schema: the named fields hold text in the form and numbers in the
 * API; every rule and message is the API schema's own.
 */
export function withNumbersFromText<Form extends object, Schema extends z.ZodType>(schema: Schema, numberFields: readonly (keyof Form & string)[]) {
  return z.preprocess((form: Form) => {
    const values: Record<string, unknown> = { ...(form as Record<string, unknown>) };
    for (const field of numberFields) values[field] = numberFromText(values[field]);
    return values;
  }, schema);
}

/** The first message a schema gives for each top-level field of `values`; empty when they are valid. */
export function firstMessageByField<Field extends string>(schema: z.ZodType, values: unknown): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as Field;
    messages[field] ??= issue.message;
  }
  return messages;
}

/** Dates the product accepts unless a field says otherwise: nothing before 1900 or after 2100. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** 'YYYY-MM-DD' that names a real day (no 2024-02-30) in MIN_YEAR..MAX_YEAR. */
export function isRealDateInRange(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO date-time whose UTC day is a calendar date in range (rejects 2024-99-99T00:00Z and year 9999). */
export function isInstantInRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const datePart = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  // Date.parse rolls impossible days over (2024-02-30 -> March 1); the written day must exist too.
  return Boolean(datePart && isRealDateInRange(datePart[1]) && isRealDateInRange(new Date(time).toISOString().slice(0, 10)));
}

export const dateRangeMessage = (field: string) => `${field} must be a real date between ${MIN_YEAR} and ${MAX_YEAR}`;

/** DECIMAL(14,2): the largest amount a money column (and so any total of amounts) can hold. */
export const MAX_MONEY = 999_999_999_999.99;

/** Rounds to cents; amounts that round to 0.00 are not positive. */
export const toCents = (n: number): number => Math.round(n * 100) / 100;

/** MariaDB TEXT holds 65,535 bytes; utf8mb4 spends up to 4 bytes a character, so text limits count bytes too. */
export const TEXT_COLUMN_BYTES = 65_535;

/** UTF-8 length of a string (the contract also runs in browsers, so no Buffer). */
export function utf8Bytes(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Nesting depth of a JSON value, counted without recursion (a hostile value cannot blow the stack). */
export function jsonDepth(value: unknown, limit = Infinity): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  // Only containers are queued: a large flat body (an import's rows) costs one visit per object.
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const key in current) {
      const child = (current as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * Characters no stored text may hold: NUL and the other C0 controls, DEL and the C1 controls
 * (invisible, and NUL cuts text short in C libraries, logs and terminals), and the bidirectional
 * embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, which make a name display in
 * another order than it is stored ("Trojan Source", CVE-2021-42574). Multi-line text (descriptions,
 * notes, messages) may hold tab, line feed and carriage return; a one-line field none of them.
 */
const UNSAFE_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_IN_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export type TextOptions = {
  /** Text of a textarea: tab and line breaks allowed. */
  multiline?: boolean;
};

export function hasUnsafeCharacters(text: string, options: TextOptions = {}): boolean {
  return (options.multiline ? UNSAFE_IN_MULTI_LINE : UNSAFE_IN_ONE_LINE).test(text);
}

export const unsafeCharactersMessage = (field: string, options: TextOptions = {}) =>
  options.multiline
    ? `${field} must not contain control characters or text-direction overrides`
    : `${field} must not contain line breaks, tabs, control characters or text-direction overrides`;

/**
 * The character rule of every text field of the contract: each text builder passes its string schema
 * through here, with the field named as its other messages name it.
 */
export function safeText<T extends z.ZodType<string | null | undefined>>(schema: T, field: string, options: TextOptions = {}): T {
  return schema.refine((text) => typeof text !== 'string' || !hasUnsafeCharacters(text, options), unsafeCharactersMessage(field, options)) as T;
}

/**
 * An optional text field of a form body: blank is null, text is trimmed, bounded by characters and by
 * the column's bytes, and held to the character rule. `field` is the label the form shows.
 */
export function optionalTextField(field: string, max: number, options: TextOptions = {}) {
  return z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.trim() : value,
    safeText(
      z
        .string({ error: `${field} must be text` })
        .max(max, `${field} must be at most ${max} characters`)
        .refine((text) => utf8Bytes(text) <= TEXT_COLUMN_BYTES, `${field} is too long`),
      field,
      options,
    ).nullable(),
  );
}

/**
 * An absolute http(s) address with a host, as the URL parser (the browser's) reads it: no
 * javascript:, data: or vbscript: address, nothing relative. For addresses the product links to.
 */
export function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
