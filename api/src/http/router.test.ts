import { createRouter } from './router';

describe('createRouter', () => {
  const handler = async () => {};

  it('answers the same match for a path seen before, in lists of its own', () => {
    const router = createRouter({ prefix: '/api' });
    router.get('/contacts', handler);
    router.get('/contacts/:id', handler);
    router.post('/contacts', handler);

    const first = router.match('/api/contacts', 'GET');
    expect(first.route).toBe(true);
    expect(first.pathAndMethod.map((layer) => layer.path)).toEqual(['/api/contacts']);
    expect(first.path.map((layer) => layer.path)).toEqual(['/api/contacts', '/api/contacts']);

    // The router extends ctx.matched in place: what one request gets must not reach the next.
    first.path.push(first.path[0]);
    first.pathAndMethod.length = 0;
    const again = router.match('/api/contacts', 'GET');
    expect(again.pathAndMethod.map((layer) => layer.path)).toEqual(['/api/contacts']);
    expect(again.path).toHaveLength(2);

    expect(router.match('/api/contacts', 'DELETE').route).toBe(false);
    expect(router.match('/api/contacts/c-1', 'GET').pathAndMethod.map((layer) => layer.path)).toEqual(['/api/contacts/:id']);
    expect(router.match('/api/Contacts', 'GET').route).toBe(false);
  });

  it('sees a layer added after a path was matched', () => {
    const router = createRouter({ prefix: '/api' });
    router.get('/contacts', handler);
    expect(router.match('/api/lists', 'GET').route).toBe(false);
    router.get('/lists', handler);
    expect(router.match('/api/lists', 'GET').route).toBe(true);
  });

  it('matches as before past the number of paths it remembers', () => {
    const router = createRouter({ prefix: '/api' });
    router.get('/contacts/:id', handler);
    for (let i = 0; i < 2_500; i++) expect(router.match(`/api/contacts/c-${i}`, 'GET').route).toBe(true);
    expect(router.match('/api/contacts/c-1', 'GET').route).toBe(true);
    expect(router.match('/api/contacts', 'GET').route).toBe(false);
  });
});
