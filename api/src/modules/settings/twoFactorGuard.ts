import type { Middleware } from 'koa';
import { TWO_FACTOR_ENROLLMENT_REQUIRED } from '../../contract';
import { Forbidden } from '../../http/errors';
import type { AppState } from '../../http/types';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// What a user the account requires two-factor sign-in of may still do before enrolling: enrol, and
// keep their sign-in safe. Reads that travel as POST (a list preview) change nothing.
const ALLOWED_BEFORE_ENROLMENT = [
  /^\/api\/settings\/two-factor(?:\/|$)/,
  /^\/api\/settings\/password$/,
  /^\/api\/settings\/sessions(?:\/|$)/,
  /^\/api\/contact-lists\/preview$/,
];

/** 403 with the reason on every write until the user has two-factor sign-in on. Runs after requireSession. */
export function requireTwoFactorEnrollment(): Middleware<AppState> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (auth?.twoFactorEnrollmentRequired && !READS.has(ctx.method) && !ALLOWED_BEFORE_ENROLMENT.some((pattern) => pattern.test(ctx.path))) {
      throw new Forbidden(TWO_FACTOR_ENROLLMENT_REQUIRED);
    }
    await next();
  };
}
