import type { ZodObject, ZodType } from 'zod';
import type { ZodOpenApiRequestBodyObject, ZodOpenApiResponsesObject } from 'zod-openapi';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** 'METHOD /api/path/:param', written exactly as the Koa router spells the route. */
export type RouteKey = `${HttpMethod} /api${string}`;

/**
 * Who may call a route: `session` needs the session cookie or a bearer token (the default);
 * `optionalSession` works with or without one; `public` needs nothing; `signedUrl` carries its own
 * credential in the path.
 */
export type RouteAccess = 'session' | 'optionalSession' | 'public' | 'signedUrl';

/** The description of one route, kept beside the module's routes (modules/<area>/openapi.ts). */
export type RouteDoc = {
  summary: string;
  description?: string;
  access?: RouteAccess;
  /** The contract schema the route parses `ctx.query` with. Path params come from the path itself. */
  query?: ZodObject;
  /** The contract schema the route parses the JSON body with. */
  body?: ZodType;
  /** A body that is not JSON (uploads, HTML form posts). */
  requestBody?: ZodOpenApiRequestBodyObject;
  /** Success status of the `{ data }` envelope; 200 unless said. */
  status?: 200 | 201 | 202;
  /** What `data` of the success envelope holds (schemas in the contract's `<feature>.responses.ts`). */
  data?: ZodType;
  /** For routes that answer with something other than the JSON envelope (HTML, redirects, files). */
  responses?: ZodOpenApiResponsesObject;
};

export type DescribedRoute = RouteDoc & { method: HttpMethod; path: string; tag: string };

/**
 * One module's route descriptions, under one tag. Keys are 'METHOD /api/path' as the router serves
 * them, so the coverage test (openapi.test.ts) can tell at once which route lacks a description.
 */
export function describeRoutes(tag: string, docs: Record<RouteKey, RouteDoc>): DescribedRoute[] {
  return Object.entries(docs).map(([key, doc]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    if (!doc.data && !doc.responses) throw new Error(`${key}: describe its answer with data or responses`);
    return { ...doc, method, path, tag };
  });
}
