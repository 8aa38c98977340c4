import type { Middleware } from 'koa';
import { HttpError } from '../../http/errors';
import type { AppState } from '../../http/types';
import type { SettingsService } from './service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// What a read-only workspace may still do: renew (billing), keep its people safe (password,
// sessions, their own alerts), and run reads that travel as POST (a list preview changes nothing).
const ALWAYS_ALLOWED = [
  /^\/api\/settings\/billing(?:\/|$)/,
  /^\/api\/settings\/password$/,
  /^\/api\/settings\/two-factor(?:\/|$)/,
  /^\/api\/settings\/sessions(?:\/|$)/,
  /^\/api\/settings\/notifications$/,
  /^\/api\/contact-lists\/preview$/,
];

/**
 * A cancelled subscription, or one unpaid past the grace period, makes the account read-only: every
 * state-changing request answers 402 with the reason, and nothing is deleted. Runs after
 * requireSession; reads cost nothing extra, writes one indexed lookup.
 */
export function readOnlyWhenUnpaid(settings: Pick<SettingsService, 'accessState'>): Middleware<AppState> {
  return async (ctx, next) => {
    if (READS.has(ctx.method) || !ctx.state.auth || ALWAYS_ALLOWED.some((pattern) => pattern.test(ctx.path))) {
      await next();
      return;
    }
    const access = await settings.accessState(ctx.state.auth.accountId);
    if (access.readOnly) throw new HttpError(402, access.message ?? 'This workspace is read-only.');
    await next();
  };
}
