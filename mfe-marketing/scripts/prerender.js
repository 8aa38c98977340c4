#!/usr/bin/env node
// After webpack (npm run build): writes each public page's HTML, rendered at build time by the same
// components the browser then hydrates, into dist/html/<path>/index.html (ADR 0008). The API's static
// site serves it for that path from the deployed remote's folder, so a redeploy of mfe-marketing
// alone changes both the pages and their code. %REMOTE_URL% is that folder's URL, filled in when
// the page is served (the folder's name is only known at deploy time).
process.env.NODE_ENV = 'production';
const fs = require('node:fs');
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');
const distDir = path.join(appDir, 'dist');
const { renderPage, renderStandalonePage, SITE_PAGES, STANDALONE_PAGES, siteTitle, standaloneTitle } = require(
  path.join(appDir, 'dist-prerender', 'prerender.js'),
);
const assets = JSON.parse(fs.readFileSync(path.join(distDir, 'site', 'assets.json'), 'utf8'));

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The shell's inline icon (scripts/webpack/index.html), so no page asks for /favicon.ico.
const FAVICON = /<link rel="icon"[^>]*href="([^"]+)"/.exec(fs.readFileSync(path.join(appDir, '..', 'scripts', 'webpack', 'index.html'), 'utf8'))[1];

function page(pathname, body, title) {
  const styles = assets.styles.map((file) => `<link rel="stylesheet" href="%REMOTE_URL%/${file}" />`).join('\n    ');
  const scripts = assets.scripts.map((file) => `<script defer crossorigin="anonymous" src="%REMOTE_URL%/${file}"></script>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#667eea" />
    <link rel="icon" type="image/svg+xml" href="${FAVICON}" />
    <title>${escapeHtml(title)}</title>
    ${styles}
    ${scripts}
  </head>
  <body>
    <div id="root">${body}</div>
  </body>
</html>
`;
}

const htmlDir = path.join(distDir, 'html');
fs.rmSync(htmlDir, { recursive: true, force: true });
const write = (pathname, body, title) => {
  const file = path.join(htmlDir, ...pathname.split('/').filter(Boolean), 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, page(pathname, body, title));
};
for (const pathname of SITE_PAGES) write(pathname, renderPage(pathname), siteTitle(pathname));
// The sign-in and the signup: the same loader, which mounts their islands; never hydrated (ADR 0014).
for (const pathname of STANDALONE_PAGES) write(pathname, renderStandalonePage(pathname), standaloneTitle(pathname));
console.log(`[prerender] ${SITE_PAGES.length + STANDALONE_PAGES.length} pages -> ${path.relative(process.cwd(), htmlDir)}`);
