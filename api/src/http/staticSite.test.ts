import { cacheControlFor } from './staticSite';

describe('cacheControlFor', () => {
  it.each([
    ['/remotes.json', 'no-store'],
    ['/', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/remotes/mfe-contacts/0.1.0-3f2a9c1b/remoteEntry.js', 'public, max-age=31536000, immutable'],
    ['/remotes/mfe-contacts/0.1.0-3f2a9c1b/mf-manifest.json', 'public, max-age=31536000, immutable'],
    ['/main.3f2a9c1b.js', 'public, max-age=31536000, immutable'],
    ['/static/css/app.0123456789abcdef.css', 'public, max-age=31536000, immutable'],
    ['/favicon.ico', 'no-cache'],
    ['/main.js', 'no-cache'],
  ])('%s -> %s', (urlPath, expected) => {
    expect(cacheControlFor(urlPath)).toBe(expected);
  });
});
