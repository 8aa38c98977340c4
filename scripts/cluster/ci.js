#!/usr/bin/env node
// `npm run test:cluster`: the cluster suite (failover.cluster.js) as CI runs it, one command on a
// machine of this kind (docs/adr/0013-capacity-and-scale-out.md). It
// - installs haproxy with apt-get when missing (the only package it may install, as .ci/run installs
//   chromium); mariadbd, galera-4 and rsync come with Debian's mariadb-server, Redis is CI's;
// - runs the suite with node's TAP reporter, so its "# pass N" / "# fail N" lines reach CI's counter;
// - whatever happens (a failed test, a timeout, Ctrl-C, SIGTERM from CI), ends every process it
//   started (found by its own folder: mariadbd and haproxy by their command line, the API instances
//   and the worker by FILES_DIR in their environment), removes its data directories and its Redis keys;
// - prints its wall time.
// CLUSTER_TEST_TIMEOUT_S (default 1200) bounds the whole run; CLUSTER_PORT_BASE (default 3460).
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const started = Date.now();
const repoRoot = path.resolve(__dirname, '..', '..');
const TIMEOUT_S = Number(process.env.CLUSTER_TEST_TIMEOUT_S || 1200);
const base = Number(process.env.CLUSTER_PORT_BASE) || 3460;
const say = (line) => console.log(`# [cluster ci ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** TAP for a suite that could not run: one failed test, counted by CI like any other. */
function cannotRun(reason) {
  console.log(`TAP version 13\nnot ok 1 - the cluster suite runs\n  ---\n  reason: ${JSON.stringify(reason)}\n  ...\n1..1\n# tests 1\n# pass 0\n# fail 1`);
  process.exit(1);
}

function ensureHaproxy() {
  if (has('haproxy')) return;
  if (!has('apt-get')) cannotRun('haproxy is missing and apt-get is not available');
  say('installing haproxy (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'ignore', env });
  if (!has('haproxy')) cannotRun('installing haproxy with apt-get failed');
}

function checkPrerequisites() {
  for (const command of ['mariadbd', 'mariadb-install-db', 'mysql', 'rsync']) {
    if (!has(command)) cannotRun(`${command} is missing (Debian's mariadb-server and rsync)`);
  }
  if (!fs.existsSync('/usr/lib/galera/libgalera_smm.so')) cannotRun('the Galera provider /usr/lib/galera/libgalera_smm.so is missing (galera-4)');
  ensureHaproxy();
}

/** Processes of this run: anything whose command line or FILES_DIR names its folder. */
function processesUnder(root) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      let mine = cmdline.includes(root);
      if (!mine) {
        const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8');
        mine = environ.split('\0').some((pair) => pair === `FILES_DIR=${path.join(root, 'files')}` || pair === `CLUSTER_TEST_ROOT=${root}`);
      }
      if (mine) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or another user's: not ours.
    }
  }
  return pids;
}

function sweep(root) {
  for (let round = 0; round < 2; round++) {
    const pids = processesUnder(root);
    if (pids.length === 0) break;
    if (round === 0) say(`ending ${pids.length} leftover process(es) of this run: ${pids.join(', ')}`);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    spawnSync('sleep', ['1']);
  }
  // mariadbd runs as mysql and owns its files; removal as the same user as CI works for root only.
  fs.rmSync(root, { recursive: true, force: true });
  if (fs.existsSync(root)) spawnSync('rm', ['-rf', root]);
  // The job queue's keys (BullMQ under the run's prefix): a later run starts from an empty queue.
  if (has('redis-cli')) {
    const prefix = `caucus-cluster-${base}`;
    const url = process.env.CLUSTER_REDIS_URL || 'redis://127.0.0.1:6379';
    try {
      const keys = execFileSync('redis-cli', ['-u', url, '--scan', '--pattern', `${prefix}:*`], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
      for (let i = 0; i < keys.length; i += 500) execFileSync('redis-cli', ['-u', url, 'DEL', ...keys.slice(i, i + 500)], { stdio: 'ignore' });
    } catch {
      // Redis gone: nothing to clean.
    }
  }
}

function main() {
  checkPrerequisites();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-cluster-ci-'));
  say(`folder ${root}, ports from ${base}`);
  const child = spawn(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=1', path.join(__dirname, 'failover.cluster.js')], {
    cwd: repoRoot,
    env: { ...process.env, CLUSTER_TEST_ROOT: root, CLUSTER_PORT_BASE: String(base) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let finished = false;
  const finish = (code, why) => {
    if (finished) return;
    finished = true;
    if (child.exitCode === null) child.kill('SIGKILL');
    sweep(root);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (why) {
      // The runner's own summary never came: one failure for CI's counter.
      console.log(`not ok 999 - the cluster suite finished\n  ---\n  reason: ${JSON.stringify(why)}\n  ...\n# pass 0\n# fail 1`);
    }
    say(`wall time ${seconds} s (${Math.floor(seconds / 60)} min ${seconds % 60} s)`);
    process.exit(code);
  };
  const timer = setTimeout(() => finish(1, `timed out after ${TIMEOUT_S} s`), TIMEOUT_S * 1000);
  timer.unref();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => finish(1, `stopped by ${signal}`));
  child.on('exit', (code, signal) => finish(code ?? 1, signal ? `the test runner ended by ${signal}` : null));
}

main();
