import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { permissionDeniedMessage, permissionOfRoute, PERMISSIONS, ROLE_PERMISSIONS, ROLES, ROUTE_PERMISSIONS, type Role } from '@caucus/contract/permissions';
import { newId } from '../src/lib/ids';
import { ALL_ROUTE_DOCS } from '../src/openapi/routes';
import { openApiPath } from '../src/openapi/document';
import { createTestDb, type TestDb } from './support/testDb';
import { addMembership, createAccountWithUser, login, testApp, type LoggedIn } from './helpers/fixtures';

let db: TestDb;
let knex: Knex;
let app: Koa;
const members = {} as Record<Role, LoggedIn>;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  app = testApp(knex);
  const owner = await login(app, await createAccountWithUser(knex, { accountName: 'Roles committee' }));
  members.owner = owner;
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    const user = await createAccountWithUser(knex, { accountName: `Own account of the ${role}` });
    await addMembership(knex, owner.accountId, user.userId, role);
    // Sign-in lands in the oldest account: the shared one. Proven, not assumed:
    const signed = await login(app, user);
    const me = await request(app.callback()).get('/api/auth/me').set('Authorization', `Bearer ${signed.token}`);
    expect(me.body.data.role).toBe(role);
    members[role] = signed;
  }
  // Entries for the walk to leave alone (five members: the Organization plan has the seats).
  await knex('accounts').where({ id: owner.accountId }).update({ planId: 'organization' });
  const invited = await request(app.callback())
    .post('/api/team/invitations')
    .set('Authorization', `Bearer ${owner.token}`)
    .send({ email: 'later@example.org', role: 'staff' });
  expect(invited.status).toBe(201);
  expect(Number((await knex('audit_log').count({ n: '*' }).first())?.n)).toBe(1);
}, 60_000);

afterAll(async () => {
  await db.destroy();
});

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const PUBLIC_ACCESS = new Set(['public', 'optionalSession', 'signedUrl']);

function send(route: { method: string; path: string }, who: LoggedIn) {
  // Another id in every parameter: the check must answer before the route looks anything up.
  const path = route.path.replace(/:(\w+)/g, () => newId());
  const agent = request(app.callback());
  const req = (agent as unknown as Record<string, (url: string) => request.Test>)[route.method.toLowerCase()](path).set('Authorization', `Bearer ${who.token}`);
  return route.method === 'GET' || route.method === 'DELETE' ? req.set('X-Requested-With', 'fetch') : req.send({});
}

async function auditSnapshot(): Promise<string> {
  return JSON.stringify(await knex('audit_log').orderBy('id').select());
}

describe('the permission table', () => {
  it('names a permission for every route of the OpenAPI document, and no route that is not there', () => {
    const documented = ALL_ROUTE_DOCS.map(key);
    expect(documented.filter((route) => permissionOfRoute(route) === undefined)).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((route) => !documented.includes(route))).toEqual([]);
  });

  it("marks 'public' exactly the routes that need no session", () => {
    for (const route of ALL_ROUTE_DOCS) {
      const isPublic = PUBLIC_ACCESS.has(route.access ?? 'session');
      expect({ route: key(route), public: permissionOfRoute(key(route)) === 'public' }).toEqual({ route: key(route), public: isPublic });
    }
  });

  it('gives every role only known permissions; the owner all of them; billing to owners only', () => {
    for (const role of ROLES) for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of ROLES.filter((r) => r !== 'owner')) expect(ROLE_PERMISSIONS[role].filter((p) => p.startsWith('billing.'))).toEqual([]);
    expect(ROLE_PERMISSIONS.read_only.filter((p) => p.endsWith('.write') || p === 'gifts.enter')).toEqual([]);
  });

  it("lists each route's permission in the OpenAPI document (x-permission)", async () => {
    const doc = (await request(app.callback()).get('/api/openapi.json')).body;
    for (const route of ALL_ROUTE_DOCS) {
      expect({ route: key(route), permission: doc.paths[openApiPath(route.path)][route.method.toLowerCase()]['x-permission'] }).toEqual({
        route: key(route),
        permission: permissionOfRoute(key(route)),
      });
    }
  });
});

describe('every route of the OpenAPI document, as each role', () => {
  const sessionRoutes = ALL_ROUTE_DOCS.filter((route) => !PUBLIC_ACCESS.has(route.access ?? 'session'));

  it('answers 403 naming the permission exactly when the role lacks it; the audit trail never changes', async () => {
    const mismatches: string[] = [];
    for (const route of sessionRoutes) {
      const permission = permissionOfRoute(key(route));
      if (!permission) {
        mismatches.push(`${key(route)}: no permission`);
        continue;
      }
      for (const role of ROLES) {
        const trailBefore = await auditSnapshot();
        const res = await send(route, members[role]);
        const allowed = ROLE_PERMISSIONS[role].includes(permission);
        const denied = res.status === 403 && res.body?.message === permissionDeniedMessage(permission);
        if (allowed === denied)
          mismatches.push(`${key(route)} as ${role}: ${res.status} ${JSON.stringify(res.body?.message)} (${permission} ${allowed ? 'allowed' : 'denied'})`);
        if (res.status === 401) mismatches.push(`${key(route)} as ${role}: the session ended (401)`);
        // Append-only: whatever a request did, every entry written before it is still there as it was.
        const trailAfter = await auditSnapshot();
        if (!trailAfter.startsWith(trailBefore.slice(0, -1))) mismatches.push(`${key(route)} as ${role}: changed the audit trail`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('offers no route that edits or deletes the audit trail', () => {
    const writesOnAudit = ALL_ROUTE_DOCS.filter((route) => route.path.startsWith('/api/audit') && route.method !== 'GET');
    expect(writesOnAudit).toEqual([]);
  });
});
