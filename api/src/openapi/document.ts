import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { permissionOfRoute } from '@caucus/contract/permissions';
import { apiFailureSchema } from '@caucus/contract/common.responses';
import type { DescribedRoute, RouteAccess } from './describe';

/** Koa's '/contacts/:id' is OpenAPI's '/contacts/{id}'. */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:(\w+)/g, '{$1}');
}

function pathParams(koaPath: string): z.ZodObject | undefined {
  const names = [...koaPath.matchAll(/:(\w+)/g)].map((match) => match[1]);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const failure = (description: string) => ({ description, ...json(apiFailureSchema) });

const SECURITY: Record<RouteAccess, ZodOpenApiOperationObject['security']> = {
  session: [{ sessionCookie: [] }, { bearerToken: [] }],
  optionalSession: [{}, { sessionCookie: [] }, { bearerToken: [] }],
  public: [],
  signedUrl: [],
};

function responsesOf(route: DescribedRoute): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = route.responses
    ? { ...route.responses }
    : { [String(route.status ?? 200)]: { description: 'Success', ...json(z.object({ data: route.data! })) } };
  if (route.query || route.body) responses['400'] ??= failure('Invalid input: `details` names the first problem per field');
  if ((route.access ?? 'session') === 'session') {
    responses['401'] ??= failure('No valid session');
    responses['403'] ??= failure("The caller's role lacks the route's permission (`x-permission`); the message names it");
  }
  if (route.path.includes(':')) responses['404'] ??= failure("Not found (another account's ids too)");
  if (route.body || route.requestBody) responses['413'] ??= failure('Request body too large');
  if (route.body) responses['415'] ??= failure('Content-Type must be application/json');
  responses['500'] ??= failure('Internal server error, without internals');
  return responses;
}

function operationOf(route: DescribedRoute): ZodOpenApiOperationObject {
  const path = pathParams(route.path);
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/^\/api/, '').replace(/[/:-](\w)/g, (_, c: string) => c.toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    security: SECURITY[route.access ?? 'session'],
    requestParams: { ...(path && { path }), ...(route.query && { query: route.query }) },
    requestBody: route.body ? { required: true, ...json(route.body) } : route.requestBody,
    responses: responsesOf(route),
    // The permission the route needs (contract/permissions.ts); 'public' needs no session.
    'x-permission': permissionOfRoute(`${route.method} ${route.path}`) ?? 'undefined',
  };
}

/** The OpenAPI 3.1 document of every described route, generated from the zod contract. */
export function buildOpenApiDocument(routes: readonly DescribedRoute[], version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase() as 'get'] = operationOf(route);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Caucus API',
      version,
      description:
        'Every success is `{ data }`, every failure `{ message, details? }`. Browsers authenticate with the httpOnly ' +
        'session cookie; programmatic clients send `Authorization: Bearer <token>`. State-changing requests need a ' +
        'JSON body or the `X-Requested-With` header (CSRF). Money is in dollars; calendar dates are `YYYY-MM-DD`.',
    },
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'caucus_session' },
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /api/auth/login' },
      },
    },
    paths,
  });
}
