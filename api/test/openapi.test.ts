import type { Router } from '@koa/router';
import knexFactory, { type Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { ALL_ROUTE_DOCS } from '../src/openapi/routes';
import { openApiPath } from '../src/openapi/document';
import { testApp } from './helpers/fixtures';

// Building the app and reading its routers needs no tables: a bare in-memory database will do.
let knex: Knex;
let app: Koa;

beforeAll(() => {
  knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  app = testApp(knex);
});

afterAll(async () => {
  await knex.destroy();
});

/** 'METHOD /path' of every route the app's routers serve (nested routers are flattened into the stack). */
function servedRoutes(koa: Koa): string[] {
  const routers = koa.middleware.map((mw) => (mw as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  expect(routers.length).toBeGreaterThan(0);
  const served = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) {
      // Koa serves HEAD with every GET; middleware layers (no methods) are not routes.
      for (const method of layer.methods) if (method !== 'HEAD') served.add(`${method} ${layer.path}`);
    }
  }
  return [...served].sort();
}

const describedRoutes = () => ALL_ROUTE_DOCS.map((route) => `${route.method} ${route.path}`).sort();

const HOW_TO = 'Describe it in modules/<area>/openapi.ts beside its routes (describeRoutes), and list a new module in src/openapi/routeDocs.ts.';

describe('OpenAPI coverage', () => {
  it('describes every route the routers serve', () => {
    const described = new Set(describedRoutes());
    const undescribed = servedRoutes(app).filter((route) => !described.has(route));
    expect({ undescribed, howTo: HOW_TO }).toEqual({ undescribed: [], howTo: HOW_TO });
  });

  it('describes no route that is not served', () => {
    const served = new Set(servedRoutes(app));
    const stale = describedRoutes().filter((route) => !served.has(route));
    expect(stale).toEqual([]);
  });

  it('describes each route once', () => {
    const all = describedRoutes();
    expect(all.filter((route, i) => all.indexOf(route) !== i)).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every route, with its params, query, body and response', async () => {
    const res = await request(app.callback()).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');

    for (const route of ALL_ROUTE_DOCS) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${route.path}`, described: Boolean(op) }).toEqual({ route: `${route.method} ${route.path}`, described: true });
      const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p: { in: string }) => p.in === 'path')
        .map((p: { name: string }) => p.name)
        .sort();
      expect(declared).toEqual(pathParams);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }

    // OpenAPI requires operation ids to be unique (client generators name methods after them).
    const operationIds = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);

    const listContacts = doc.paths['/api/contacts'].get;
    expect(listContacts.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:limit', 'query:offset', 'query:search', 'query:status']),
    );
    expect(listContacts.responses['200'].content['application/json'].schema.properties.data.properties.contacts.items).toEqual({
      $ref: '#/components/schemas/ContactSummary',
    });
    expect(listContacts.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);

    // A request body carries the contract's rules (here: the login email's length and pattern).
    const login = doc.paths['/api/auth/login'].post;
    const email = login.requestBody.content['application/json'].schema.properties.email;
    expect(email).toMatchObject({ type: 'string', maxLength: 254 });
    expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.security).toEqual([]);

    const created = doc.paths['/api/campaigns'].post.responses;
    expect(Object.keys(created)).toEqual(expect.arrayContaining(['201', '400', '401']));
    expect(doc.components.schemas.Campaign.properties.status.enum).toContain('active');
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained page listing every route, allowed by the site CSP', async () => {
    const res = await request(app.callback()).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // Offline and under the CSP: no scripts at all, nothing loaded from another origin.
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const route of ALL_ROUTE_DOCS) {
      expect(res.text).toContain(`${route.method} ${openApiPath(route.path)}`);
    }
    expect(res.text).toContain('href="/api/openapi.json"');
  });
});
