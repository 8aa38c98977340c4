import type { Middleware } from 'koa';
import { jsonDepth } from '../contract/common';
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
      throw new BadRequest(`The request body nests deeper than ${maxDepth} levels`, { _: `nests deeper than ${maxDepth} levels` });
    }
    await next();
  };
}
