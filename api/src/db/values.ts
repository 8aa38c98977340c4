import { MAX_MONEY } from '@caucus/contract/common';
import { Unprocessable } from '../http/errors';
// Readers that make rows look the same on both engines: SQLite hands back epoch milliseconds, 0/1 and
// floats where MariaDB hands back Date, tinyint and (with decimalNumbers) numbers.

export type DbDateTime = Date | number | string | null | undefined;

const SQL_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

function parseDate(value: DbDateTime): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return new Date(value);
  }
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return new Date(Number(text));
  // A zone-less 'YYYY-MM-DD HH:MM:SS' comes from SQL and is stored in UTC.
  const sql = SQL_DATETIME.exec(text);
  const parsed = sql ? new Date(`${sql[1]}T${sql[2]}Z`) : new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/**
 * Date#toISOString's text, made from the UTC fields: V8's own took about 0.57 µs a call here against
 * 0.24 µs, and a page of contacts makes 40 of them (docs/benchmarks.md, 2026-11-28). Years outside
 * 1000-9999 (which toISOString writes with a sign and six digits) are left to it.
 */
function isoText(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString();
  const ms = date.getUTCMilliseconds();
  const msText = ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : String(ms);
  return `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}T${TWO_DIGITS[date.getUTCHours()]}:${TWO_DIGITS[date.getUTCMinutes()]}:${TWO_DIGITS[date.getUTCSeconds()]}.${msText}Z`;
}

// MariaDB's text of a DATETIME (UTC here), for a day its month has: the fields are copied, no Date is
// made (for a page of contacts, making one and its text was about 6% of the API's CPU, and every row
// saved on a 29th, 30th or 31st took that way). Other days go through parseDate, which rolls an
// impossible one (Feb 30) over as Date does.
const SQL_INSTANT = /^([1-9]\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ((?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)(?:\.(\d{1,6}))?$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Any stored or submitted instant -> ISO 8601 UTC string (or null). */
export function toIsoDateTime(value: DbDateTime): string | null {
  if (typeof value === 'string') {
    const sql = SQL_INSTANT.exec(value);
    if (sql && Number(sql[3]) <= daysInMonth(Number(sql[1]), Number(sql[2]))) {
      // Milliseconds, as a Date keeps them: '.1' is 100, '.123456' 123.
      return `${sql[1]}-${sql[2]}-${sql[3]}T${sql[4]}.${sql[5] === undefined ? '000' : `${sql[5]}00`.slice(0, 3)}Z`;
    }
  }
  const date = parseDate(value);
  return date ? isoText(date) : null;
}

/** Any stored or submitted date -> 'YYYY-MM-DD' (the UTC calendar day), or null. */
export function toIsoDate(value: DbDateTime): string | null {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value.trim());
    // A bare calendar date must not shift through a time zone.
    if (match && value.trim().length === 10) return `${match[1]}-${match[2]}-${match[3]}`;
  }
  const date = parseDate(value);
  return date ? date.toISOString().slice(0, 10) : null;
}

/** Value to bind for a `datetime` column (the drivers turn a Date into UTC). */
export function toDbDateTime(value: DbDateTime): Date | null {
  return parseDate(value);
}

export function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  if (Buffer.isBuffer(value)) return value.length > 0 && value[0] !== 0;
  return false;
}

/**
 * Whole cents of an amount already multiplied by 100. 1.005 * 100 is 100.49999999999999 in binary
 * floating point; trimming to 15 significant digits first rounds the way a person expects. A value
 * within a millionth of a whole number (every amount of two decimals) rounds to it either way, so
 * only the others pay for toPrecision (about 2% of an import's CPU on SQLite, docs/benchmarks.md).
 */
export function roundCents(scaled: number): number {
  // -0 prints as 0: the toPrecision path answered +0 for it.
  if (scaled === 0) return 0;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 ? whole : Math.round(Number(scaled.toPrecision(15)));
}

/** Rounds to cents; null, undefined and non-numbers read as 0. */
export function toMoney(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 0;
  return roundCents(n * 100) / 100 || 0;
}

export function toMoneyOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  return toMoney(value);
}

/** Integer counters (COUNT(*) may come back as a string or bigint). */
export function toInt(value: unknown): number {
  if (typeof value === 'bigint') return Number(value);
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** JSON text column holding a list (tags, suggestedAmounts, headers) -> array; bad or empty -> []. */
export function toJsonArray<T = unknown>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** JSON text column holding an object (import mapping, analytics properties); bad or empty -> {}. */
export function toJsonObject<T extends object = Record<string, unknown>>(value: unknown): T {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as T;
  if (typeof value !== 'string' || value.trim() === '') return {} as T;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as T) : ({} as T);
  } catch {
    return {} as T;
  }
}

/** JSON text column holding any value (rule values); bad text reads as null. */
export function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** Value to write into a JSON text column. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** The current instant, to be written into `datetime` columns. */
export function nowUtc(): Date {
  return new Date();
}

/** Today's UTC calendar date as 'YYYY-MM-DD' (default for pledge and donation dates). */
export function todayIsoDate(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A total about to be stored in a DECIMAL(14,2) column must fit it: past the largest amount the
 * write is refused as a 422 naming the field whose value pushed it over (MariaDB would answer
 * "Out of range value", SQLite would store it).
 */
/**
 * The same bound, with a message a person reads: which total the amount would push past it
 * ("Donation amount would take the campaign's amount raised past 999,999,999,999.99").
 */
export function assertGiftTotalFits(total: number, which: string, field = 'donationAmount', label = 'Donation amount'): void {
  if (total > MAX_MONEY) {
    const message = `${label} would take ${which} past the largest amount (999,999,999,999.99)`;
    throw new Unprocessable(message, { [field]: 'The total would exceed 999,999,999,999.99' });
  }
}

export function assertTotalFits(total: number, field: string): void {
  if (total > MAX_MONEY) {
    throw new Unprocessable(`${field} would take a total past the largest amount (999,999,999,999.99)`, {
      [field]: 'The total would exceed 999,999,999,999.99',
    });
  }
}
