#!/usr/bin/env node
// Production build of everything `npm start` serves: the contract and the API (tsc), then the shell and the seven
// remotes (webpack), two at a time so a 2-core machine stays busy without thrashing.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { FRONTENDS } = require('./lib/apps');

const repoRoot = path.resolve(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const running = new Set();

function seconds(startedAt) {
  return `${((Date.now() - startedAt) / 1000).toFixed(1)}s`;
}

function build(workspace) {
  const startedAt = Date.now();
  console.log(`[build] ${workspace}: started`);
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['run', 'build', '-w', workspace], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    running.add(child);
    let output = '';
    const collect = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      running.delete(child);
      reject(Object.assign(new Error(`${workspace}: ${error.message}`), { workspace, output }));
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      if (code === 0) {
        console.log(`[build] ${workspace}: done in ${seconds(startedAt)}`);
        resolve();
      } else {
        const why = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(Object.assign(new Error(`${workspace} failed (${why}) after ${seconds(startedAt)}`), { workspace, output }));
      }
    });
  });
}

async function runPool(items, concurrency, task) {
  const queue = [...items];
  let failed = null;
  const worker = async () => {
    while (queue.length > 0 && !failed) {
      const item = queue.shift();
      try {
        await task(item);
      } catch (error) {
        // Fail fast: stop taking work and stop the builds still running.
        failed = failed || error;
        for (const child of running) child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failed) throw failed;
}

async function buildAll({ concurrency = Number(process.env.BUILD_CONCURRENCY) || 2 } = {}) {
  const startedAt = Date.now();
  // The API runs the contract's build (node resolves @caucus/contract to contract/dist).
  await build('@caucus/contract');
  await build('@caucus/api');
  await runPool(FRONTENDS, concurrency, build);
  console.log(`[build] all ${FRONTENDS.length + 1} apps built in ${seconds(startedAt)}`);
}

if (require.main === module) {
  buildAll().catch((error) => {
    if (error.output) process.stderr.write(`${error.output.trimEnd()}\n`);
    console.error(`\n[build] FAILED: ${error.message}`);
    process.exit(1);
  });
}

module.exports = { buildAll };
