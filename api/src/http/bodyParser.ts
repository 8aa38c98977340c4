import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from './errors';
import type { AppState } from './types';

// @koa/bodyparser keeps the body exactly as received in ctx.request.rawBody: the Stripe webhook's
// signature is checked over those bytes.

export type JsonBodyOptions = {
  /**
   * Routes that accept a plain HTML form post (the local checkout's Pay and Cancel buttons). Their
   * body is read within the limit; those routes take everything they need from the URL.
   */
  acceptsForm?: (ctx: { method: string; path: string }) => boolean;
};

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'];

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

type BodyError = Error & { type?: string; body?: unknown; code?: string };

/** Turns the parser's errors into the API's messages; anything else keeps its own status. */
async function parseWith(parse: ReturnType<typeof bodyParser>, ctx: Context): Promise<void> {
  try {
    await parse(ctx, async () => {});
  } catch (caught) {
    const err = caught as BodyError;
    if (err.type === 'entity.too.large') {
      // Drain the rest of the upload so the client receives the 413 instead of a reset socket.
      ctx.req.resume();
      throw new PayloadTooLarge('Request body too large');
    }
    // co-body inflates gzip/deflate bodies (the limit applies to the inflated size); bad zlib data is the client's.
    if (err.code?.startsWith('Z_')) throw new BadRequest('Malformed compressed body');
    if (err instanceof SyntaxError) {
      // A body of only whitespace is no body, as it always was.
      if (typeof err.body === 'string' && err.body.trim() === '') {
        ctx.request.body = undefined;
        return;
      }
      throw new BadRequest('Malformed JSON body');
    }
    throw err;
  }
}

/**
 * JSON bodies only. Multipart is left to the upload routes (they stream it to storage); any other
 * body type is refused, which also keeps HTML-form posts away from the API (except the few routes
 * `acceptsForm` names).
 */
export function jsonBody(limitBytes: number, options: JsonBodyOptions = {}): Middleware<AppState> {
  const shared = { parsedMethods: METHODS_WITH_BODY, encoding: 'utf-8' } as const;
  // Called only once the content type is known to be JSON (including +json types). Not strict: any
  // JSON value parses, and the route's contract schema says what it accepts.
  const json = bodyParser({ ...shared, enableTypes: ['json'], detectJSON: () => true, jsonLimit: limitBytes, jsonStrict: false });
  const form = bodyParser({ ...shared, enableTypes: ['form'], formLimit: limitBytes });

  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.includes(ctx.method) || !hasBody(ctx.req.headers) || ctx.is('multipart/form-data')) {
      await next();
      return;
    }
    if (options.acceptsForm?.(ctx) && ctx.is('application/x-www-form-urlencoded')) {
      await parseWith(form, ctx);
      await next();
      return;
    }
    if (!ctx.is('application/json', '+json')) {
      ctx.req.resume();
      throw new UnsupportedMediaType('Content-Type must be application/json');
    }
    await parseWith(json, ctx);
    // An empty JSON body is no body (co-body answers it with '').
    if (ctx.request.body === '') ctx.request.body = undefined;
    await next();
  };
}
