import { pino } from 'pino';
import type { LogLevel } from '../config';

export type LogFields = Record<string, unknown>;

/** What the app logs through. pino does the work; this keeps call sites `(message, fields)` and fakes trivial. */
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};

const SECRET_KEYS = ['password', 'newPassword', 'confirmPassword', 'currentPassword', 'token', 'signupToken', 'secret', 'authorization', 'cookie'];

/**
 * Credentials never reach a log line: as a field, one object down (`body.password`), or among
 * request/response headers (`headers.cookie`, `req.headers.authorization`, `set-cookie`). These
 * fixed paths back up redactSecrets, which censors the same names at any depth.
 */
export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...['headers', 'req.headers', 'res.headers', 'request.headers', 'response.headers'].flatMap((headers) => [
    `${headers}.authorization`,
    `${headers}.cookie`,
    `${headers}["set-cookie"]`,
    `${headers}["x-api-key"]`,
  ]),
];

/** Key names (any case, with or without - or _) whose values are credentials wherever they sit. */
const SECRET_KEY = /(password|passwd|token|secret|authorization|cookie|apikey)s?$/;
const normalisedKey = (key: string) => key.toLowerCase().replace(/[-_]/g, '');
/** Deeper than any request body may nest (jsonDepth allows 32): below this a subtree is dropped whole. */
const MAX_LOG_DEPTH = 40;

/**
 * A copy of `value` with every credential-named key censored at any depth, in objects and arrays:
 * pino's redact paths name fixed depths, and a request body (or an error's details) can hold
 * `{ users: [{ password }] }` anywhere. Plain objects and arrays are copied; other values as they are.
 */
export function redactSecrets(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  const isArray = Array.isArray(value);
  const prototype = Object.getPrototypeOf(value);
  if (!isArray && prototype !== Object.prototype && prototype !== null) return value;
  if (depth >= MAX_LOG_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (isArray) return value.map((item) => redactSecrets(item, depth + 1, seen));
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      copy[key] = SECRET_KEY.test(normalisedKey(key)) ? '[redacted]' : redactSecrets(inner, depth + 1, seen);
    }
    return copy;
  } finally {
    seen.delete(value);
  }
}

/**
 * One JSON object per line (`time` ISO 8601, `level` as a word, `msg`), so any log shipper parses it
 * without configuration. `write` replaces stdout (tests collect the lines).
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const log = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // The log formatter censors credentials at any depth; the fixed paths stay as a second net.
      formatters: { level: (label) => ({ level: label }), log: (fields) => redactSecrets(fields) as Record<string, unknown> },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    write ? { write } : pino.destination({ dest: 1, sync: true }),
  );
  return {
    debug: (msg, fields = {}) => log.debug(fields, msg),
    info: (msg, fields = {}) => log.info(fields, msg),
    warn: (msg, fields = {}) => log.warn(fields, msg),
    error: (msg, fields = {}) => log.error(fields, msg),
  };
}
