#!/usr/bin/env node
// Serves the built product the way production does (ADR 0001 "Runtime layout"): the shell's files
// at the site root, every remote in its versioned folder, remotes.json, and the API in front of it
// all. Assumes `npm run build` ran (npm start does that first).
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { deployRemote } = require('./deploy-remote');
const { API_NODE_FLAGS } = require('./lib/apiRuntime');
const { REMOTES } = require('./lib/apps');

const repoRoot = path.resolve(__dirname, '..');
// Deployed remotes and the remotes file outlive a shell redeploy; everything else is the shell's.
const KEPT_SITE_ENTRIES = new Set(['remotes', 'remotes.json']);

function deployShell(siteDir, log) {
  const distDir = path.join(repoRoot, 'shell', 'dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} has no index.html; build first: npm run build`);
  }
  fs.mkdirSync(siteDir, { recursive: true });
  for (const entry of fs.readdirSync(siteDir)) {
    if (!KEPT_SITE_ENTRIES.has(entry)) fs.rmSync(path.join(siteDir, entry), { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(distDir)) {
    fs.cpSync(path.join(distDir, entry), path.join(siteDir, entry), { recursive: true });
  }
  log(`deploy shell: copied shell/dist -> ${siteDir}`);
}

/** Copies the shell and deploys every remote into siteDir. Returns remotes.json's content. */
function prepareSite({ siteDir = path.join(repoRoot, 'site'), log = () => {} } = {}) {
  const absolute = path.resolve(siteDir);
  deployShell(absolute, log);
  for (const packageName of REMOTES) deployRemote({ packageName, siteDir: absolute, log });
  return JSON.parse(fs.readFileSync(path.join(absolute, 'remotes.json'), 'utf8'));
}

/**
 * The built API reads its packages' builds: a `--conditions=source` inherited from a tool that reads
 * the source (the benchmarks, bench/support/sourceConditions.js) would make it load TypeScript.
 */
function withoutSourceCondition(nodeOptions) {
  return nodeOptions
    .split(/\s+/)
    .filter((option) => option && option !== '--conditions=source')
    .join(' ');
}

/**
 * The embedded demo's TOTP_ENCRYPTION_KEY (production refuses to start without one): made once and
 * kept beside the SQLite file, like the database itself, so two-factor secrets sealed with it stay
 * readable across restarts. Readable by this user only. A MySQL install (DATABASE_URL) brings its own
 * key: the API names the missing variable.
 */
function demoTotpKey(env) {
  if (env.TOTP_ENCRYPTION_KEY && env.TOTP_ENCRYPTION_KEY.trim()) return env.TOTP_ENCRYPTION_KEY;
  if (env.DATABASE_URL && env.DATABASE_URL.trim()) return undefined;
  const sqliteFile = path.resolve(repoRoot, (env.SQLITE_FILE && env.SQLITE_FILE.trim()) || path.join('data', 'caucus.sqlite'));
  const keyFile = path.join(path.dirname(sqliteFile), 'totp-encryption.key');
  try {
    return fs.readFileSync(keyFile, 'utf8').trim();
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  const key = crypto.randomBytes(32).toString('hex');
  try {
    // 'wx': of two starts racing, one writes and the other reads what it wrote.
    fs.writeFileSync(keyFile, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    return fs.readFileSync(keyFile, 'utf8').trim();
  }
}

function probeHealth(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/**
 * Prepares the site and starts the API on it. Used by `npm start`, the browser journeys and the
 * benchmarks.
 * @param {object} [options]
 * @param {number} [options.port]          default PORT or 8080
 * @param {string} [options.siteDir]       default <repo>/site
 * @param {Record<string,string>} [options.env]   extra environment for the API
 * @param {'inherit'|'pipe'|'ignore'} [options.stdio]
 * @param {boolean} [options.deploy]       false to serve siteDir as it is
 * @param {number} [options.readyTimeoutMs]
 * @param {(line: string) => void} [options.log]
 * @returns {{ child: import('node:child_process').ChildProcess, ready: Promise<string>, url: string, stop: () => Promise<void> }}
 */
function startProduct(options = {}) {
  const port = Number(options.port ?? process.env.PORT ?? 8080);
  const siteDir = path.resolve(options.siteDir || path.join(repoRoot, 'site'));
  const log = options.log || (() => {});
  if (options.deploy !== false) prepareSite({ siteDir, log });

  const server = path.join(repoRoot, 'api', 'dist', 'server.js');
  if (!fs.existsSync(server)) throw new Error(`${server} is missing; build first: npm run build -w @caucus/contract -w @caucus/api`);
  // Production needs PUBLIC_URL (links in emails and checkout returns use it; locally it is this
  // port) and TOTP_ENCRYPTION_KEY (the embedded demo's is kept in its data folder).
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
    ...options.env,
    STATIC_DIR: siteDir,
    PORT: String(port),
  };
  const totpKey = demoTotpKey(env);
  if (totpKey) env.TOTP_ENCRYPTION_KEY = totpKey;
  if (env.NODE_OPTIONS) env.NODE_OPTIONS = withoutSourceCondition(env.NODE_OPTIONS);
  const child = spawn(process.execPath, [...API_NODE_FLAGS, server], { cwd: repoRoot, stdio: options.stdio || 'inherit', env });
  const url = `http://127.0.0.1:${port}`;

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
    let done = false;
    exited.then(({ code, signal }) => {
      if (!done) {
        done = true;
        reject(new Error(`API exited before it was ready (${signal || `code ${code}`})`));
      }
    });
    const poll = async () => {
      if (done) return;
      if (await probeHealth(port)) {
        done = true;
        resolve(url);
      } else if (Date.now() > deadline) {
        done = true;
        reject(new Error(`API did not answer ${url}/api/health within ${options.readyTimeoutMs ?? 60_000} ms`));
      } else {
        setTimeout(poll, 200);
      }
    };
    poll();
  });
  ready.catch(() => {});

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  return { child, ready, url, stop };
}

if (require.main === module) {
  let product;
  try {
    product = startProduct({ stdio: 'inherit', log: (line) => console.log(line) });
  } catch (error) {
    console.error(`start failed: ${error.message}`);
    process.exit(1);
  }
  const { child, ready } = product;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  // The API announces its own URL once it listens; only a failure to get there is reported here.
  ready.catch((error) => console.error(`start: ${error.message}`));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

module.exports = { startProduct, prepareSite, demoTotpKey, withoutSourceCondition };
