import type Koa from 'koa';
import request from 'supertest';
import type { LoggedIn } from './helpers/fixtures';

export type CrossAccountRoute = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path with `:id`, e.g. '/api/contacts/:id'. */
  path: string;
  body?: unknown;
};

export type CrossAccountCase = {
  app: Koa;
  /** Owns the row. */
  owner: LoggedIn;
  /** Another account's signed-in user, who must not see or touch it. */
  intruder: LoggedIn;
  /** Id of the owner's row. */
  id: string;
  routes: CrossAccountRoute[];
  /** Reads the owner's row straight from the database, to prove it did not change. */
  readRow: () => Promise<unknown>;
};

function send(app: Koa, who: LoggedIn, route: CrossAccountRoute, id: string) {
  const path = route.path.replace(':id', id);
  const req = request(app.callback())[route.method](path).set('Authorization', `Bearer ${who.token}`);
  return route.body === undefined ? req : req.send(route.body as object);
}

/**
 * Proves tenancy for id routes: for every route, the intruder's request answers 404 with the same
 * envelope as a missing id (no leak that the id exists), while the owner can still read it and the
 * row is unchanged afterwards. GET routes are also checked to succeed for the owner, so a route that
 * 404s for everybody cannot pass by accident.
 */
export async function expectCrossAccountIsolation(testCase: CrossAccountCase): Promise<void> {
  const { app, owner, intruder, id, routes, readRow } = testCase;
  const before = await readRow();
  expect(before).toBeTruthy();

  for (const route of routes) {
    const res = await send(app, intruder, route, id);
    if (res.status !== 404) {
      throw new Error(`${route.method.toUpperCase()} ${route.path} as another account: expected 404, got ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(typeof res.body.message).toBe('string');
    expect(res.body.data).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(id);
  }

  expect(await readRow()).toEqual(before);

  for (const route of routes.filter((r) => r.method === 'get')) {
    const res = await send(app, owner, route, id);
    if (res.status !== 200) {
      throw new Error(`${route.method.toUpperCase()} ${route.path} as the owner: expected 200, got ${res.status}`);
    }
  }
}
