import fs from 'node:fs';
import path from 'node:path';
import type { Router } from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../http/types';
import { describeRoutes, type DescribedRoute } from './describe';
import { buildOpenApiDocument } from './document';
import { renderDocsPage } from './docsPage';
import { ROUTE_DOCS } from './routeDocs';
import { createRouter } from '../http/router';

export const referenceApi = describeRoutes('Reference', {
  'GET /api/openapi.json': {
    summary: 'This API as an OpenAPI 3.1 document, generated from the zod contract',
    access: 'public',
    responses: { '200': { description: 'The OpenAPI document', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } } },
  },
  'GET /api/docs': {
    summary: 'A readable reference of this API, made from the same document',
    access: 'public',
    responses: { '200': { description: 'The reference page', content: { 'text/html': { schema: z.string() } } } },
  },
});

function apiVersion(): string {
  // package.json sits two levels up from both src/openapi and dist/openapi.
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Every route the app serves, described; openapi.test.ts fails when this and the routers disagree. */
export const ALL_ROUTE_DOCS: readonly DescribedRoute[] = [...ROUTE_DOCS, ...referenceApi];

/** GET /api/openapi.json and GET /api/docs. Both are built once, on first request. */
export function apiReferenceRoutes(): Router<AppState> {
  const router = createRouter();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(ALL_ROUTE_DOCS, apiVersion()));

  router.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApi();
  });

  router.get('/docs', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = page ??= renderDocsPage(openApi(), '/api/openapi.json');
  });

  return router;
}
