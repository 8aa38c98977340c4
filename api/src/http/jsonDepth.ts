import type { Middleware } from 'koa';
import { jsonDepth } from '@caucus/contract/common';
import { BadRequest } from './errors';
import type { AppState } from './types';

/** No form or API body nests anywhere near this deep; hostile ones nest thousands of levels. */
export const MAX_BODY_DEPTH = 32;

/**
 * Refuses a parsed JSON body nested deeper than MAX_BODY_DEPTH before any route walks it: code
 * that recurses over a value (JSON.stringify, validators) would otherwise overflow the stack and
 * answer 500. Runs after the body parser, whichever parser that is.
 */
export function jsonDepthLimit(maxDepth = MAX_BODY_DEPTH): Middleware<AppState> {
  return async (ctx, next) => {
    const body = ctx.request.body;
    if (body !== null && typeof body === 'object' && jsonDepth(body, maxDepth) > maxDepth) {
      const field = tooDeepField(body as object, maxDepth);
      throw new BadRequest(`JSON nested too deeply: ${field} nests deeper than ${maxDepth} levels`, {
        [field]: `${field} nests deeper than ${maxDepth} levels`,
      });
    }
    await next();
  };
}

/** The top-level field that holds the over-deep value (the body itself counts as the first level). */
function tooDeepField(body: object, maxDepth: number): string {
  for (const [key, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object' && jsonDepth(value, maxDepth - 1) > maxDepth - 1) return key;
  }
  return 'body';
}
