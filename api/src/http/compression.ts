import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import compress from 'koa-compress';
import type { AppState } from './types';

// Answers are compressed for clients that ask (every browser does). koa-compress pipes each answer
// through a zlib stream: for a page of contacts (13 KB of JSON) that nearly doubled the API's CPU for
// the request (about 705 µs against 395 µs without compression, docs/benchmarks.md), most of it the
// stream's machinery and a chunked answer, where compressing the text in one call takes 50-70 µs.
// So a JSON or text answer already in memory (serializeJsonOnce makes every route's object a string)
// is compressed in one call and sent with its length; files, streams and answers too large to compress
// without holding the event loop go through koa-compress as before.

/** Below this an answer is sent as it is: compression would save less than a packet. */
const THRESHOLD_BYTES = 1024;
/** Up to this, one compression call holds the event loop about a millisecond at most. */
const IN_PLACE_LIMIT_BYTES = 256 * 1024;
const EMPTY_OR_PARTIAL_STATUSES = new Set([204, 205, 206, 304]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** koa-compress's own brotli quality. */
const BROTLI_QUALITY = 4;

function inMemoryText(ctx: Context): Buffer | string | null {
  const { body } = ctx;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return null;
  if (!ctx.response.is(['json', '+json', 'text/*'])) return null;
  return body;
}

function mayCompress(ctx: Context): boolean {
  return (
    ctx.method !== 'HEAD' &&
    (ctx as { compress?: boolean }).compress !== false &&
    !ctx.res.headersSent &&
    ctx.writable &&
    !EMPTY_OR_PARTIAL_STATUSES.has(ctx.status) &&
    !ctx.response.get('Content-Encoding') &&
    !ctx.response.get('Content-Range') &&
    !NO_TRANSFORM.test(ctx.response.get('Cache-Control'))
  );
}

function compressInPlace(ctx: Context): void {
  const text = inMemoryText(ctx);
  if (text === null || !mayCompress(ctx)) return;
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  if (bytes.length < THRESHOLD_BYTES || bytes.length > IN_PLACE_LIMIT_BYTES) return;
  // koa-compress's preference: brotli wherever the client takes it (smaller at about gzip's speed).
  const encoding = ctx.acceptsEncodings('br') || ctx.acceptsEncodings('gzip');
  if (encoding === 'br') {
    ctx.body = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  } else if (encoding === 'gzip') {
    ctx.body = gzipSync(bytes);
  } else {
    return;
  }
  ctx.set('Content-Encoding', encoding);
}

/** Compression of the answers (see above); add it where koa-compress would go. */
export function compressAnswers(): Middleware<AppState> {
  const streamed = compress({ threshold: THRESHOLD_BYTES });
  return (ctx, next) =>
    streamed(ctx, async () => {
      await next();
      compressInPlace(ctx);
    });
}
