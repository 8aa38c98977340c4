// Version skew between the shell and a remote, read from their built mf-manifest.json files: a remote
// must expose every module the shell loads from it, and every singleton both share must be a version
// the other side accepts (requiredVersion). Otherwise the page gets "Invalid hook call", a design
// system of another major, or a section that never loads, after a deploy that looked fine.
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

/** The shell's build ships what it loads from each remote (shell/src/federation/remoteModules.json). */
const REMOTE_MODULES_FILE = 'remote-modules.json';
const MANIFEST_FILE = 'mf-manifest.json';

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The shell's requirements from its built folder (shell/dist, or the site it was deployed to), or
 * null when that folder holds no built shell.
 * @returns {{ dir: string, manifest: object, remoteModules: Record<string, string[]> } | null}
 */
function readShell(dir) {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  const modulesFile = path.join(dir, REMOTE_MODULES_FILE);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(modulesFile)) return null;
  return { dir, manifest: readJson(manifestFile), remoteModules: readJson(modulesFile) };
}

function exposedPaths(manifest) {
  return new Set((manifest.exposes || []).map((expose) => expose.path || `./${expose.name}`));
}

/** True when `version` is one `range` accepts; a range that is not semver ('*', '') accepts anything. */
function accepts(range, version) {
  if (!range || range === '*' || !semver.validRange(range)) return true;
  const coerced = semver.valid(version) || semver.coerce(version)?.version;
  return coerced ? semver.satisfies(coerced, range, { includePrerelease: true }) : false;
}

/**
 * Every reason `remote` must not run under `shell`; empty when it may.
 * @param {object} options
 * @param {object} options.shell          the shell's mf-manifest.json
 * @param {Record<string, string[]>} options.remoteModules   federation name -> modules the shell loads
 * @param {object} options.remote         the remote's mf-manifest.json
 * @returns {string[]}
 */
function federationProblems({ shell, remoteModules, remote }) {
  const name = remote.name;
  const problems = [];

  const exposed = exposedPaths(remote);
  for (const module of remoteModules[name] || []) {
    if (!exposed.has(module)) problems.push(`${name} does not expose ${module}, which the shell loads`);
  }

  const remoteShared = new Map((remote.shared || []).map((entry) => [entry.name, entry]));
  for (const provided of shell.shared || []) {
    if (!provided.singleton) continue;
    const used = remoteShared.get(provided.name);
    if (!used) continue;
    if (!used.singleton) {
      problems.push(`${name} shares ${provided.name} without singleton: true, so the page would hold two copies`);
      continue;
    }
    if (!accepts(provided.requiredVersion, used.version)) {
      problems.push(`${name} was built with ${provided.name} ${used.version}; the shell requires ${provided.requiredVersion}`);
    }
    if (!accepts(used.requiredVersion, provided.version)) {
      problems.push(`${name} requires ${provided.name} ${used.requiredVersion}; the shell provides ${provided.version}`);
    }
  }
  return problems;
}

/** The message a refused deploy prints. */
function describeProblems(remoteName, shellDir, problems) {
  return [
    `${remoteName} does not fit the shell in ${shellDir}:`,
    ...problems.map((problem) => `  - ${problem}`),
    'Rebuild the remote against the shared versions the shell requires (or deploy a shell that accepts it).',
  ].join('\n');
}

module.exports = { federationProblems, describeProblems, readShell, MANIFEST_FILE, REMOTE_MODULES_FILE };
