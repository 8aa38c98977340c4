import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from './errors';
import type { AppState } from './types';

// The JSON body is kept exactly as received in ctx.request.rawBody: the Stripe webhook's signature is
// checked over those bytes.

export type JsonBodyOptions = {
  /**
   * Routes that accept a plain HTML form post (the local checkout's Pay and Cancel buttons). Their
   * body is read within the limit; those routes take everything they need from the URL.
   */
  acceptsForm?: (ctx: { method: string; path: string }) => boolean;
  /**
   * How many times its sent size a compressed body may inflate to (BODY_MAX_INFLATION_RATIO). JSON
   * compresses 5 to 20 times; a gzip bomb hundreds or thousands of times.
   */
  maxInflationRatio?: number;
};

export const DEFAULT_MAX_INFLATION_RATIO = 100;
/** Below this many inflated bytes the ratio is not checked: tiny bodies compress very well. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'];

const DECOMPRESSORS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

/** 1048576 -> "1 MiB", 2048 -> "2 KiB": how the limits are named in the 413 messages. */
export function formatBytes(bytes: number): string {
  const units: Array<[string, number]> = [
    ['MiB', 1024 * 1024],
    ['KiB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export function tooLarge(limitBytes: number): PayloadTooLarge {
  return new PayloadTooLarge(`Request body too large: the limit is ${formatBytes(limitBytes)}`);
}

type ReadLimits = { limitBytes: number; maxInflationRatio: number };

/**
 * The body's bytes, inflated when it is compressed. The limit applies to the inflated bytes as they
 * arrive, and a compressed body that inflates more than `maxInflationRatio` times the bytes sent so
 * far is refused at once: a few hundred kilobytes of gzip never become a hundred megabytes in memory.
 */
function readBody(req: IncomingMessage, { limitBytes, maxInflationRatio }: ReadLimits): Promise<Buffer> {
  const encoding =
    String(req.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase() || 'identity';
  const makeDecompressor = encoding === 'identity' ? undefined : DECOMPRESSORS[encoding];
  if (encoding !== 'identity' && !makeDecompressor) {
    req.resume();
    return Promise.reject(new UnsupportedMediaType(`Content-Encoding ${encoding} is not supported`));
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    // Drain the rest of the upload so the client receives the 413 instead of a reset socket.
    req.resume();
    return Promise.reject(tooLarge(limitBytes));
  }

  return new Promise<Buffer>((resolve, reject) => {
    const decompressor = makeDecompressor?.();
    const source = decompressor ? req.pipe(decompressor) : req;
    const chunks: Buffer[] = [];
    let sent = 0;
    let inflated = 0;
    let settled = false;

    const countSent = (chunk: Buffer) => {
      sent += chunk.length;
    };
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      req.off('data', countSent);
      source.off('data', onData);
      if (decompressor) {
        req.unpipe(decompressor);
        decompressor.destroy();
      }
      if (err) {
        chunks.length = 0;
        req.resume();
        reject(err);
      } else {
        resolve(Buffer.concat(chunks, inflated));
      }
    };
    const onData = (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > limitBytes) return finish(tooLarge(limitBytes));
      if (decompressor && inflated > RATIO_FLOOR_BYTES && inflated > sent * maxInflationRatio) {
        return finish(
          new PayloadTooLarge(
            `Request body too large: a compressed body may inflate to at most ${maxInflationRatio} times its size (and ${formatBytes(limitBytes)})`,
          ),
        );
      }
      chunks.push(chunk);
    };

    if (decompressor) req.on('data', countSent);
    source.on('data', onData);
    source.on('end', () => finish());
    // Bad zlib or brotli data is the client's.
    if (decompressor) decompressor.on('error', () => finish(new BadRequest('Malformed compressed body')));
    req.on('error', () => finish(new BadRequest('The request body could not be read')));
    req.on('aborted', () => finish(new BadRequest('The request body could not be read')));
  });
}

// Keys through which a parsed object could reach a prototype once merged or spread somewhere.
const PROTO_KEY = /"(?:__proto__|constructor)"|\\u/;

function refuseProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('__proto__ key');
  if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')) {
    throw new SyntaxError('constructor.prototype key');
  }
  return value;
}

/** Any JSON value (the route's contract schema says what it accepts); blank text is no body. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    // The reviver costs a call per value: used only when a dangerous key could be in the text.
    return PROTO_KEY.test(text) ? JSON.parse(text, refuseProtoKeys) : JSON.parse(text);
  } catch {
    throw new BadRequest('Malformed JSON body');
  }
}

type BodyError = Error & { type?: string };

async function parseForm(parse: ReturnType<typeof bodyParser>, ctx: Context, limitBytes: number): Promise<void> {
  try {
    await parse(ctx, async () => {});
  } catch (caught) {
    if ((caught as BodyError).type === 'entity.too.large') {
      ctx.req.resume();
      throw tooLarge(limitBytes);
    }
    if ((caught as { code?: string }).code?.startsWith('Z_')) throw new BadRequest('Malformed compressed body');
    throw caught;
  }
}

/** Whether the request's body is of a type the API reads: JSON, multipart (uploads), or a form where `acceptsForm`. */
function acceptedBodyType(ctx: Context, options: JsonBodyOptions): boolean {
  if (ctx.is('multipart/form-data') || ctx.is('application/json', '+json')) return true;
  return Boolean(options.acceptsForm?.(ctx) && ctx.is('application/x-www-form-urlencoded'));
}

/**
 * 415 for a body of any other type, from its Content-Type alone (nothing is read): runs in front of
 * the CSRF guard and the routers, so an HTML form posted at the API is refused as such.
 */
export function refuseOtherBodyTypes(options: Pick<JsonBodyOptions, 'acceptsForm'> = {}): Middleware<AppState> {
  return async (ctx, next) => {
    if (METHODS_WITH_BODY.includes(ctx.method) && hasBody(ctx.req.headers) && !acceptedBodyType(ctx, options)) {
      ctx.req.resume();
      throw new UnsupportedMediaType('Content-Type must be application/json');
    }
    await next();
  };
}

/**
 * JSON bodies only. Multipart is left to the upload routes (they stream it to storage); any other
 * body type is refused, which also keeps HTML-form posts away from the API (except the few routes
 * `acceptsForm` names). Mounted inside the routers (app.ts), after the session check of the secured
 * ones: no body is read for a request that is refused anyway.
 */
export function jsonBody(limitBytes: number, options: JsonBodyOptions = {}): Middleware<AppState> {
  const limits = { limitBytes, maxInflationRatio: options.maxInflationRatio ?? DEFAULT_MAX_INFLATION_RATIO };
  const form = bodyParser({ parsedMethods: METHODS_WITH_BODY, encoding: 'utf-8', enableTypes: ['form'], formLimit: limitBytes });

  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.includes(ctx.method) || !hasBody(ctx.req.headers) || ctx.is('multipart/form-data')) {
      await next();
      return;
    }
    if (options.acceptsForm?.(ctx) && ctx.is('application/x-www-form-urlencoded')) {
      await parseForm(form, ctx, limitBytes);
      await next();
      return;
    }
    if (!ctx.is('application/json', '+json')) {
      ctx.req.resume();
      throw new UnsupportedMediaType('Content-Type must be application/json');
    }
    const text = (await readBody(ctx.req, limits)).toString('utf8');
    ctx.request.rawBody = text;
    ctx.request.body = parseJson(text);
    await next();
  };
}
