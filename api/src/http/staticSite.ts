import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import { isApiPath } from './canonicalPath';
import type { AppState } from './types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Webpack content hashes in file names: main.3f2a9c1b.js, 123.a1b2c3d4e5.chunk.css, ...
const HASHED_NAME = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|map|woff2?|ttf|png|jpe?g|gif|svg|webp|ico|json)$/i;

export function cacheControlFor(urlPath: string): string {
  if (urlPath === '/remotes.json') return 'no-store';
  if (urlPath === '/' || urlPath === '/index.html') return 'no-cache';
  // A deploy writes a new versioned folder under /remotes, so nothing inside one ever changes.
  if (urlPath.startsWith('/remotes/')) return IMMUTABLE;
  if (HASHED_NAME.test(path.posix.basename(urlPath))) return IMMUTABLE;
  return 'no-cache';
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

async function statFile(file: string): Promise<{ size: number; mtime: Date } | undefined> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? { size: stat.size, mtime: stat.mtime } : undefined;
  } catch {
    return undefined;
  }
}

/** In a remote's prerendered page, the URL of the remote's deployed folder (ADR 0008). */
export const REMOTE_URL_PLACEHOLDER = '%REMOTE_URL%';

/** The deployed folder of each remote in remotes.json, e.g. /remotes/mfe-marketing/0.1.0-3f2a9c1b. */
function remoteFolders(remotesJson: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(remotesJson);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object') return [];
  return Object.values(parsed as Record<string, unknown>)
    .filter((entry): entry is string => typeof entry === 'string' && entry.startsWith('/remotes/'))
    .map((entry) => path.posix.dirname(entry));
}

/**
 * Serves the deployed site (ADR 0001 "Runtime layout"): a file of the site, a remote's prerendered
 * page (ADR 0008), or index.html for HTML navigations to client-side routes. No directory listings,
 * no dotfiles, nothing outside the root (symlinks included).
 */
export function staticSite(staticDir: string): Middleware<AppState> {
  const rootPromise = fs.realpath(staticDir);

  const resolveFile = async (urlPath: string): Promise<{ file: string; size: number; mtime: Date } | undefined> => {
    const root = await rootPromise;
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
    const segments = decoded.split('/').filter(Boolean);
    if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return undefined;
    const candidate = path.resolve(root, ...segments);
    if (!isInside(root, candidate)) return undefined;
    const stat = await statFile(candidate);
    if (!stat) return undefined;
    let real: string;
    try {
      real = await fs.realpath(candidate);
    } catch {
      return undefined;
    }
    if (!isInside(root, real)) return undefined;
    return { file: real, ...stat };
  };

  /**
   * A page a deployed remote prerendered at build time: <remote folder>/html/<path>/index.html, with
   * the placeholder replaced by that folder's URL. Found through remotes.json, so deploying the
   * remote alone changes the page.
   */
  const prerenderedPage = async (urlPath: string): Promise<{ body: string; mtime: Date } | undefined> => {
    const remotes = await resolveFile('/remotes.json');
    if (!remotes) return undefined;
    const segments = urlPath.split('/').filter(Boolean);
    for (const folder of remoteFolders(await fs.readFile(remotes.file, 'utf8'))) {
      const page = await resolveFile([folder, 'html', ...segments, 'index.html'].join('/'));
      if (page) {
        const html = await fs.readFile(page.file, 'utf8');
        return { body: html.split(REMOTE_URL_PLACEHOLDER).join(folder), mtime: page.mtime };
      }
    }
    return undefined;
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) {
      await next();
      return;
    }
    const wanted = ctx.path === '/' ? '/index.html' : ctx.path;
    const navigation = ctx.accepts('html') === 'html' && /text\/html/i.test(ctx.get('Accept'));
    // A page's own HTML comes before the shell's index.html (the site root included).
    const page = navigation && (wanted === '/index.html' || !wanted.includes('.')) ? await prerenderedPage(ctx.path) : undefined;
    if (page) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.lastModified = page.mtime;
      ctx.type = 'html';
      ctx.body = page.body;
      return;
    }
    let found = await resolveFile(wanted);
    let cacheKey = wanted;
    // Client-side routes (/dashboard/contacts/123) have no file: browsers navigating there get the
    // shell, while a missing script or image stays a real 404.
    if (!found && navigation) {
      found = await resolveFile('/index.html');
      cacheKey = '/index.html';
    }
    if (!found) {
      await next();
      return;
    }
    ctx.set('Cache-Control', cacheControlFor(cacheKey));
    ctx.lastModified = found.mtime;
    ctx.etag = `W/"${found.size.toString(16)}-${found.mtime.getTime().toString(16)}"`;
    ctx.type = path.extname(found.file) || 'application/octet-stream';
    // ctx.fresh only compares validators on a 2xx response.
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.length = found.size;
    // Koa answers HEAD without a body; opening the file would only leak a descriptor.
    if (ctx.method === 'GET') ctx.body = createReadStream(found.file);
  };
}
