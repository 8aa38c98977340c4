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
 * request/response headers (`headers.cookie`, `req.headers.authorization`, `set-cookie`).
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

/**
 * One JSON object per line (`time` ISO 8601, `level` as a word, `msg`), so any log shipper parses it
 * without configuration. `write` replaces stdout (tests collect the lines).
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const log = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
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
