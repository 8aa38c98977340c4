#!/usr/bin/env node
// Runs the API test suite on SQLite and, when DATABASE_URL is a mysql:// URL, on MySQL/MariaDB.
// The two runs go side by side: the MariaDB run spends most of its time waiting on the server (a
// fresh database per test file), which leaves the cores to the SQLite run. Each run's output is
// printed whole when it ends, so the two never interleave. API_TESTS_SERIAL=1 runs them one after
// the other with live output. Extra arguments are passed to jest (e.g. `npm test -w api -- src/db`).
const { spawn } = require('node:child_process');
const path = require('node:path');

const apiDir = path.resolve(__dirname, '..');
const jestBin = require.resolve('jest/bin/jest');
const extraArgs = process.argv.slice(2);
const serial = process.env.API_TESTS_SERIAL === '1';

const label = (engine) => (engine === 'mysql' ? 'MySQL/MariaDB' : 'SQLite');

function runJest(engine) {
  const started = Date.now();
  const header = `\n=== API tests on ${label(engine)} (TEST_ENGINE=${engine}) ===\n\n`;
  if (serial) process.stdout.write(header);
  const child = spawn(process.execPath, [jestBin, '--maxWorkers=2', ...extraArgs], {
    cwd: apiDir,
    stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEST_ENGINE: engine, FORCE_COLOR: '0' },
  });
  const output = [];
  if (!serial) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (!serial) process.stdout.write(header + Buffer.concat(output).toString());
      process.stdout.write(`\n=== ${engine}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s ===\n`);
      resolve(ok);
    });
  });
}

async function main() {
  const engines = ['sqlite'];
  if (/^mysql:\/\//i.test(process.env.DATABASE_URL || '')) engines.push('mysql');
  else console.log('\nDATABASE_URL is not a mysql:// URL: MySQL/MariaDB run skipped.');
  const results = [];
  if (serial) {
    for (const engine of engines) results.push(await runJest(engine));
  } else {
    results.push(...(await Promise.all(engines.map(runJest))));
  }
  // Not process.exit(): the output written to a pipe is sent after this returns (exit() cut a long
  // one, and the summary lines CI counts with it).
  process.exitCode = results.every(Boolean) ? 0 : 1;
}

main();
