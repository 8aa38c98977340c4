import type { Middleware } from 'koa';
import { TooManyRequests } from './errors';
import { authOf } from './session';
import type { AppState } from './types';

export const UPLOADS_IN_FLIGHT_PER_USER = 2;
const RETRY_AFTER_SECONDS = 5;

/**
 * At most `max` uploads of one user at a time in this process: each may hold its body (up to the
 * import limit) in memory while it is parsed, so a user cannot multiply that by sending many at
 * once. Runs after requireSession and before the body is read; a refused upload is not read.
 */
export function uploadSlots(isUpload: (ctx: { method: string; path: string }) => boolean, max = UPLOADS_IN_FLIGHT_PER_USER): Middleware<AppState> {
  const inFlight = new Map<string, number>();
  return async (ctx, next) => {
    if (!isUpload(ctx)) {
      await next();
      return;
    }
    const { userId } = authOf(ctx);
    const running = inFlight.get(userId) ?? 0;
    if (running >= max) {
      ctx.req.resume();
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new TooManyRequests(`At most ${max} uploads at a time: try again when one has finished`);
    }
    inFlight.set(userId, running + 1);
    try {
      await next();
    } finally {
      const left = (inFlight.get(userId) ?? 1) - 1;
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
    }
  };
}
