#!/usr/bin/env node
// Deploys one built remote into the site (ADR 0001 "Runtime layout"):
//   site/remotes/<package>/<version>-<sha8>/   a copy of <package>/dist, never overwritten
//   site/remotes.json                          federation name -> manifest URL, replaced atomically
// A changed build lands in a new folder, so a page that still runs the old manifest keeps working
// until it reloads; the only shared file that changes is remotes.json, and it changes by rename.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { describeProblems, federationProblems, readShell } = require('./lib/federationContract');

const repoRoot = path.resolve(__dirname, '..');

function listFiles(dir) {
  const files = [];
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(dir);
  // Sorted by posix relative path so the hash does not depend on the file system's order.
  return files.map((file) => path.relative(dir, file).split(path.sep).join('/')).sort();
}

/** First 8 hex of a sha256 over every dist file's relative path and bytes. */
function hashDist(distDir) {
  const hash = crypto.createHash('sha256');
  for (const rel of listFiles(distDir)) {
    hash.update(rel);
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(distDir, rel)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return fallback;
    throw new Error(`${file} is not valid JSON: ${error.message}`);
  }
}

/** Write to a sibling temp file, then rename: readers see the old or the new file, never half. */
function writeJsonAtomic(file, value) {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

function federationNameOf(packageName, distDir) {
  const manifest = readJson(path.join(distDir, 'mf-manifest.json'), null);
  if (manifest && typeof manifest.name === 'string' && manifest.name) return manifest.name;
  return packageName.replace(/[^A-Za-z0-9_$]/g, '_');
}

/**
 * Refuses a build that would not run under the shell it is deployed beside: the site's shell when the
 * site has one, else the shell built in this repository.
 */
function checkAgainstShell({ packageName, distDir, shellDirs, log }) {
  const shell = shellDirs.map(readShell).find(Boolean);
  if (!shell) {
    log(`deploy ${packageName}: no built shell found (${shellDirs.join(', ')}), version skew not checked`);
    return;
  }
  const remote = readJson(path.join(distDir, 'mf-manifest.json'), null);
  const problems = federationProblems({ shell: shell.manifest, remoteModules: shell.remoteModules, remote });
  if (problems.length > 0) throw new Error(describeProblems(packageName, shell.dir, problems));
}

/**
 * @param {object} options
 * @param {string} options.packageName   workspace folder of the remote, e.g. 'mfe-contacts'
 * @param {string} [options.siteDir]     deploy target, default <repo>/site
 * @param {string} [options.packageDir]  where the package lives, default <repo>/<packageName>
 * @param {string} [options.shellDir]    the built shell to check against, default the site's, else shell/dist
 * @param {(line: string) => void} [options.log]
 */
function deployRemote(options) {
  const { packageName } = options;
  if (!packageName || !/^[a-z0-9][a-z0-9._-]*$/i.test(packageName)) {
    throw new Error(`Invalid package name "${packageName}"`);
  }
  const log = options.log || (() => {});
  const siteDir = path.resolve(options.siteDir || path.join(repoRoot, 'site'));
  const packageDir = path.resolve(options.packageDir || path.join(repoRoot, packageName));
  const distDir = path.join(packageDir, 'dist');
  const pkg = readJson(path.join(packageDir, 'package.json'), null);
  if (!pkg) throw new Error(`No package.json in ${packageDir}`);
  if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) {
    throw new Error(`${distDir} has no mf-manifest.json; build it first: npm run build -w ${packageName}`);
  }

  checkAgainstShell({
    packageName,
    distDir,
    shellDirs: options.shellDir ? [path.resolve(options.shellDir)] : [siteDir, path.join(repoRoot, 'shell', 'dist')],
    log,
  });

  const version = `${pkg.version}-${hashDist(distDir)}`;
  const remotesDir = path.join(siteDir, 'remotes', packageName);
  const target = path.join(remotesDir, version);
  let copied = false;
  if (!fs.existsSync(target)) {
    fs.mkdirSync(remotesDir, { recursive: true });
    // Copy beside the target and rename, so a crash never leaves a half-filled versioned folder
    // that a later deploy would mistake for a complete one.
    const staging = path.join(remotesDir, `.staging-${version}-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(distDir, staging, { recursive: true });
    fs.renameSync(staging, target);
    copied = true;
  }

  const federationName = federationNameOf(packageName, distDir);
  const manifestUrl = `/remotes/${packageName}/${version}/mf-manifest.json`;
  const remotesFile = path.join(siteDir, 'remotes.json');
  const remotes = readJson(remotesFile, {});
  if (remotes === null || typeof remotes !== 'object' || Array.isArray(remotes)) {
    throw new Error(`${remotesFile} must hold an object of federation name -> manifest URL`);
  }
  const previous = remotes[federationName];
  remotes[federationName] = manifestUrl;
  fs.mkdirSync(siteDir, { recursive: true });
  writeJsonAtomic(remotesFile, remotes);

  log(
    copied
      ? `deploy ${packageName}: copied dist -> ${path.relative(process.cwd(), target) || target}`
      : `deploy ${packageName}: ${version} already deployed, reusing ${target}`,
  );
  log(
    previous === manifestUrl
      ? `deploy ${packageName}: remotes.json unchanged (${federationName} -> ${manifestUrl})`
      : `deploy ${packageName}: remotes.json ${federationName} -> ${manifestUrl}${previous ? ` (was ${previous})` : ''}`,
  );
  return { packageName, federationName, version, folder: target, manifestUrl, copied, remotesFile };
}

function resolveSiteArg(arg) {
  if (!arg) return path.join(repoRoot, 'site');
  // `npm run deploy -w mfe-contacts -- dir` runs in mfe-contacts/; a relative dir means the
  // directory the user typed the command in, which npm passes as INIT_CWD.
  return path.resolve(process.env.INIT_CWD || process.cwd(), arg);
}

if (require.main === module) {
  const [packageName, siteArg] = process.argv.slice(2);
  if (!packageName) {
    console.error('usage: node scripts/deploy-remote.js <package> [siteDir=site]');
    process.exit(2);
  }
  try {
    deployRemote({ packageName, siteDir: resolveSiteArg(siteArg), log: (line) => console.log(line) });
  } catch (error) {
    console.error(`deploy-remote failed: ${error.message}`);
    process.exit(1);
  }
}

module.exports = { deployRemote, hashDist, writeJsonAtomic };
