import type { Middleware } from 'koa';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from './errors';
import type { AppState } from './types';

declare module 'koa' {
  interface Request {
    /** The JSON body exactly as received (webhook signatures are computed over these bytes). */
    rawBody?: string;
  }
}

export type JsonBodyOptions = {
  /**
   * Routes that accept a plain HTML form post (the local checkout's Pay and Cancel buttons). Their
   * body is read within the limit and dropped: those routes take everything they need from the URL.
   */
  acceptsForm?: (ctx: { method: string; path: string }) => boolean;
};

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

function readLimited(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    // Past the limit we keep reading and discarding (instead of destroying the stream) so the client
    // receives the 413 rather than a reset connection.
    stream.on('data', (chunk: Buffer | string) => {
      if (failed) return;
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(new PayloadTooLarge('Request body too large'));
        return;
      }
      chunks.push(buf);
    });
    stream.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    stream.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

/**
 * JSON bodies only. Multipart is left to the upload routes (they stream it to storage); any other
 * body type is refused, which also keeps HTML-form posts away from the API (except the few routes
 * `acceptsForm` names).
 */
export function jsonBody(limitBytes: number, options: JsonBodyOptions = {}): Middleware<AppState> {
  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.has(ctx.method) || !hasBody(ctx.req.headers)) {
      await next();
      return;
    }
    if (ctx.is('multipart/form-data')) {
      await next();
      return;
    }
    if (options.acceptsForm?.(ctx) && ctx.is('application/x-www-form-urlencoded')) {
      await readLimited(ctx.req, limitBytes);
      await next();
      return;
    }
    if (!ctx.is('application/json', '+json')) {
      ctx.req.resume();
      throw new UnsupportedMediaType('Content-Type must be application/json');
    }
    const declared = Number(ctx.get('Content-Length'));
    if (Number.isFinite(declared) && declared > limitBytes) {
      // Refuse before reading, but drain the upload so the client sees the 413 instead of a reset socket.
      ctx.req.resume();
      throw new PayloadTooLarge('Request body too large');
    }
    const raw = (await readLimited(ctx.req, limitBytes)).toString('utf8');
    ctx.request.rawBody = raw;
    if (raw.trim() === '') {
      ctx.request.body = undefined;
    } else {
      try {
        ctx.request.body = JSON.parse(raw) as unknown;
      } catch {
        throw new BadRequest('Malformed JSON body');
      }
    }
    await next();
  };
}
