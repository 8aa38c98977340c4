// How the values of users' import files are read. Shared by the browser (review grid) and the API
// (the server validates every row again with these same functions), so both agree on every cell.
// Pure functions: no server imports, this module is bundled into browser code.

import { isRealDateInRange } from './common';

/**
 * "$1,250.00", "1250", "(25.00)" (accounting negative), "USD 10", "-5" -> number; anything else -> null.
 * Rounded to cents the way a person expects.
 */
export function parseImportAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(Number((value * 100).toPrecision(15))) / 100 : null;
  if (typeof value !== 'string') return null;
  let text = value.trim();
  if (text === '') return null;
  let negative = false;
  const accounting = /^\((.*)\)$/.exec(text);
  if (accounting) {
    negative = true;
    text = accounting[1].trim();
  }
  text = text.replace(/^(usd|us\$)\s*/i, '').replace(/\s*usd$/i, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  text = text.replace(/^\$\s*/, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  // Thousands separators only in their places: "1,250.00" yes, "1,25" no.
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const n = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  const cents = Math.round(Number((n * 100).toPrecision(15))) / 100;
  return negative ? -cents : cents;
}

/** The written day as 'YYYY-MM-DD' when it exists on the calendar (any four-digit year), else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 0 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Two-digit years: 00-69 are 2000s, 70-99 are 1900s (the rule spreadsheets use). */
function fullYear(twoDigits: number): number {
  return twoDigits < 70 ? 2000 + twoDigits : 1900 + twoDigits;
}

/** Excel serial day numbers (1900 date system; day 60 is Excel's phantom 29 Feb 1900). */
export function excelSerialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return null;
  const whole = Math.floor(serial);
  const days = whole > 60 ? whole - 1 : whole;
  const date = new Date(Date.UTC(1899, 11, 31) + days * 86_400_000);
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * A calendar date as users' files hold it -> 'YYYY-MM-DD', or null when it is not a date or falls
 * outside the contract's range (MIN_YEAR..MAX_YEAR, the same as every other date the API stores).
 * ISO (with or without a time), MM/DD/YYYY, M/D/YY, MM-DD-YYYY, compact MMDDYYYY (FEC bulk files),
 * YYYYMMDD, and Excel serial numbers (a number, or digits of at most 5).
 */
export function parseImportDate(value: unknown): string | null {
  const date = readCalendarDate(value);
  return date !== null && isRealDateInRange(date) ? date : null;
}

/** A cell that reads as a real day but outside the contract's range (year 9999, 1066-10-14): its own reason. */
export function isImportDateOutOfRange(value: unknown): boolean {
  const date = readCalendarDate(value);
  return date !== null && !isRealDateInRange(date);
}

/** The day a cell writes, whatever its year; the range is checked by the callers above. */
function readCalendarDate(value: unknown): string | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') return excelSerialToIsoDate(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i.exec(text);
  if (m) {
    const year = m[3].length === 2 ? fullYear(Number(m[3])) : Number(m[3]);
    return isoDate(year, Number(m[1]), Number(m[2]));
  }
  if (/^\d{8}$/.test(text)) {
    // MMDDYYYY (FEC) first; YYYYMMDD when that reading is not a date.
    return (
      isoDate(Number(text.slice(4)), Number(text.slice(0, 2)), Number(text.slice(2, 4))) ??
      isoDate(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6)))
    );
  }
  if (/^\d{1,5}(\.\d+)?$/.test(text)) return excelSerialToIsoDate(Number(text));
  return null;
}

/**
 * US ZIP codes that a spreadsheet stored as numbers lose their leading zeros (02134 -> 2134,
 * 02134-1234 -> 21341234). They get them back; anything else is kept as the file holds it.
 */
export function normaliseZip(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(Math.trunc(value)) : String(value).trim();
  if (/^\d{3,4}$/.test(text)) return text.padStart(5, '0');
  if (/^\d{7,8}$/.test(text)) {
    const nine = text.padStart(9, '0');
    return `${nine.slice(0, 5)}-${nine.slice(5)}`;
  }
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 5)}-${text.slice(5)}`;
  return text;
}

/** The 5-digit ZIP matching compares ("02134-1234" -> "02134"), or null. */
export function zip5(value: unknown): string | null {
  const m = /^(\d{5})(?:-?\d{4})?$/.exec(normaliseZip(value));
  return m ? m[1] : null;
}

const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'md', 'phd', 'esq', 'dds', 'cpa']);
const NAME_PREFIXES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'hon', 'rev']);
/** "Sr.", "SR", "Ph.D." -> "sr", "phd": how a word is looked up in the lists above. */
const bare = (word: string) => word.toLowerCase().replace(/\./g, '');
const isSuffix = (word: string) => NAME_SUFFIXES.has(bare(word));
const isPrefix = (word: string) => NAME_PREFIXES.has(bare(word));

export type SplitName = { firstName: string; middleName: string; lastName: string; suffix: string };

/**
 * A full name -> its parts. The FEC writes contributors as "LAST, FIRST MIDDLE, SUFFIX" and some
 * filers put the suffix before the first name ("ORTIZ, SR., SOLOMON"): with a comma, the part before
 * it is the last name, a part that is only a suffix is the suffix wherever it stands, and the rest
 * is the first name and middle names. Without a comma: "First M Last Jr.". Titles (Mr., Dr.) are
 * dropped; the letters are kept as typed (title case is the review step's offer, not a guess here).
 */
export function splitFullName(value: string): SplitName {
  const text = value.trim().replace(/\s+/g, ' ');
  const none: SplitName = { firstName: '', middleName: '', lastName: '', suffix: '' };
  if (text === '') return none;
  const suffixes: string[] = [];
  let given: string[];
  let last: string;
  if (text.includes(',')) {
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.length === 0) return none;
    const lastWords = parts[0].split(' ');
    // "ORTIZ JR, SOLOMON": the suffix written with the last name.
    while (lastWords.length > 1 && isSuffix(lastWords[lastWords.length - 1])) suffixes.unshift(lastWords.pop() as string);
    last = lastWords.join(' ');
    given = [];
    for (const part of parts.slice(1)) {
      const words = part.split(' ');
      if (words.every(isSuffix)) suffixes.push(...words);
      else given.push(...words);
    }
  } else {
    const words = text.split(' ');
    while (words.length > 2 && isSuffix(words[words.length - 1])) suffixes.unshift(words.pop() as string);
    given = words;
    last = words.length > 1 ? (given.pop() as string) : '';
  }
  given = given.filter((word) => !isPrefix(word));
  // "SMITH, JOHN III": a suffix after the given names.
  // A lone "V" there is a middle initial, not "the fifth".
  while (given.length > 1 && isSuffix(given[given.length - 1]) && bare(given[given.length - 1]).length > 1) suffixes.unshift(given.pop() as string);
  return { firstName: given[0] ?? '', middleName: given.slice(1).join(' '), lastName: last, suffix: suffixes.join(' ') };
}

/**
 * "ORTIZ" -> "Ortiz", "O'BRIEN" -> "O'Brien", "SMITH-JONES" -> "Smith-Jones", "III" and "SR." ->
 * "III" and "Sr.": the review step's one-click offer for names a file holds in capitals (FEC files).
 */
export function titleCaseName(value: string): string {
  return value
    .toLowerCase()
    .replace(/[\p{L}\p{M}]+/gu, (word) => (/^(i{1,3}|iv|v|vi{1,3})$/.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)));
}

/** A name written in capitals only ("ORTIZ, SOLOMON"): what title case is offered for. */
export function isAllCapsName(value: string): boolean {
  return /\p{Lu}/u.test(value) && value === value.toUpperCase() && /\p{Lu}{2}/u.test(value);
}

/** Case- and accent-insensitive form of a name, for matching ("José" = "jose"). */
export function matchName(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a cell -> one of the options ("Credit Card" -> credit_card), or null when none fits. */
export function matchOption<V extends string>(value: string, options: readonly V[], synonyms: Record<string, V> = {}): V | null {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === '') return null;
  if ((options as readonly string[]).includes(key)) return key as V;
  return synonyms[key] ?? null;
}
