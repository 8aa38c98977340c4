import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Middleware } from 'koa';
import type { AppState } from './types';

/**
 * The shell and every remote are served from this origin (ADR 0001 runtime layout), so 'self' covers
 * scripts, chunks, manifests and API calls. Inline styles stay allowed because React style props and
 * the design system's dynamic widths use them; inline scripts do not.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Helmet covers everything but Permissions-Policy, which it leaves to the app. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

type ExpressStyleMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers a helmet middleware sets, recorded once on a stand-in response: with static directives
 * they are the same for every request. Running helmet's chain of fourteen steps on each response cost
 * 15-30 µs of CPU, a twentieth of a contacts page under load (docs/benchmarks.md, 2026-11-28).
 */
function headersSetBy(middleware: ExpressStyleMiddleware): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

export function securityHeaders(options: { forceHttps: boolean }): Middleware<AppState> {
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      // Same site, not same origin: the dev servers of the remotes run on other ports of localhost.
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Sent only when the request arrived over https (below).
      strictTransportSecurity: false,
    }),
  ).concat([['Permissions-Policy', PERMISSIONS_POLICY]]);
  const hsts = headersSetBy(helmet.strictTransportSecurity({ maxAge: 31536000, includeSubDomains: true }));
  return async (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    // HSTS over plain http would be ignored at best and lock out a local install at worst.
    if (ctx.secure || options.forceHttps) for (const [name, value] of hsts) ctx.res.setHeader(name, value);
    await next();
  };
}
