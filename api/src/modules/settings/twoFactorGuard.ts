import type { Middleware } from 'koa';
import { TWO_FACTOR_ENROLLMENT_REQUIRED } from '@caucus/contract';
import { Forbidden } from '../../http/errors';
import type { AppState } from '../../http/types';

type Allowed = { methods: ReadonlySet<string> | 'any'; path: RegExp };

const READS = new Set(['GET', 'HEAD']);
const SIGN_OUTS = new Set(['POST', 'DELETE']);

/**
 * All a session of a user the account requires two-factor sign-in of may do before enrolling: enrol,
 * sign sessions out, and read what the enrolment page and its frame show. Such a session is proven by
 * the password alone (perhaps a stolen one), so it reads no account data either: contacts, reports
 * and search would hand it what the second factor protects. GET /api/auth/me and sign-out are on the
 * open router and need no entry here.
 */
const ALLOWED_BEFORE_ENROLMENT: Allowed[] = [
  { methods: 'any', path: /^\/api\/settings\/two-factor(?:\/|$)/ },
  { methods: READS, path: /^\/api\/settings\/workspace$/ },
  { methods: READS, path: /^\/api\/settings\/notifications$/ },
  { methods: READS, path: /^\/api\/settings\/sessions$/ },
  { methods: SIGN_OUTS, path: /^\/api\/settings\/sessions\/[^/]+$/ },
];

function allowed(method: string, path: string): boolean {
  if (method === 'OPTIONS') return true;
  return ALLOWED_BEFORE_ENROLMENT.some((rule) => rule.path.test(path) && (rule.methods === 'any' || rule.methods.has(method)));
}

/** 403 with the reason on every request but enrolment until the user has two-factor sign-in on. Runs after requireSession. */
export function requireTwoFactorEnrollment(): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.state.auth?.twoFactorEnrollmentRequired && !allowed(ctx.method, ctx.path)) {
      throw new Forbidden(TWO_FACTOR_ENROLLMENT_REQUIRED);
    }
    await next();
  };
}
