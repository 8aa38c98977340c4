import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { cacheControlFor, staticSite } from './staticSite';

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

describe('staticSite: prerendered pages of a deployed remote (ADR 0008)', () => {
  let siteDir: string;
  const deploy = (version: string, heading: string) => {
    const folder = path.join(siteDir, 'remotes', 'mfe-marketing', version);
    fs.mkdirSync(path.join(folder, 'html', 'pricing'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'html', 'index.html'), `<h1>Home ${heading}</h1><script src="%REMOTE_URL%/site/loader.js"></script>`);
    fs.writeFileSync(path.join(folder, 'html', 'pricing', 'index.html'), `<h1>Pricing ${heading}</h1>`);
    fs.writeFileSync(path.join(siteDir, 'remotes.json'), JSON.stringify({ mfe_marketing: `/remotes/mfe-marketing/${version}/mf-manifest.json` }));
  };
  const app = () => {
    const koa = new Koa();
    koa.use(staticSite(siteDir) as never);
    return koa.callback();
  };

  beforeEach(() => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-static-'));
    fs.writeFileSync(path.join(siteDir, 'index.html'), '<div id="root"></div>');
    deploy('0.1.0-aaaaaaaa', 'v1');
  });
  afterEach(() => fs.rmSync(siteDir, { recursive: true, force: true }));

  it('answers a navigation to a prerendered path with its HTML, pointing at the deployed folder', async () => {
    const home = await request(app()).get('/').set('Accept', 'text/html');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<h1>Home v1</h1>');
    expect(home.text).toContain('src="/remotes/mfe-marketing/0.1.0-aaaaaaaa/site/loader.js"');
    expect(home.headers['cache-control']).toBe('no-cache');
    const pricing = await request(app()).get('/pricing').set('Accept', 'text/html');
    expect(pricing.text).toBe('<h1>Pricing v1</h1>');
  });

  it('serves the new HTML once the remote alone is redeployed', async () => {
    deploy('0.1.0-bbbbbbbb', 'v2');
    const pricing = await request(app()).get('/pricing').set('Accept', 'text/html');
    expect(pricing.text).toBe('<h1>Pricing v2</h1>');
  });

  it('gives other navigations the shell, and scripts no HTML', async () => {
    const login = await request(app()).get('/login').set('Accept', 'text/html');
    expect(login.text).toBe('<div id="root"></div>');
    const script = await request(app()).get('/pricing').set('Accept', 'application/javascript');
    expect(script.status).toBe(404);
    const escape = await request(app()).get('/..%2f..%2fetc').set('Accept', 'text/html');
    expect(escape.text).toBe('<div id="root"></div>');
  });
});
