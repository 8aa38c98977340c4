#!/usr/bin/env node
// Runs the API test suite on SQLite, then on MySQL/MariaDB when DATABASE_URL is a mysql:// URL.
// Extra arguments are passed to jest (e.g. `npm test -w api -- src/db`).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const apiDir = path.resolve(__dirname, '..');
const jestBin = require.resolve('jest/bin/jest');
const extraArgs = process.argv.slice(2);

function runJest(engine) {
  console.log(`\n=== API tests on ${engine === 'mysql' ? 'MySQL/MariaDB' : 'SQLite'} (TEST_ENGINE=${engine}) ===\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [jestBin, '--maxWorkers=2', ...extraArgs], {
    cwd: apiDir,
    stdio: 'inherit',
    env: { ...process.env, TEST_ENGINE: engine },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`\n=== ${engine}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s ===`);
  return ok;
}

const databaseUrl = process.env.DATABASE_URL || '';
const results = [runJest('sqlite')];
if (/^mysql:\/\//i.test(databaseUrl)) {
  results.push(runJest('mysql'));
} else {
  console.log('\nDATABASE_URL is not a mysql:// URL: MySQL/MariaDB run skipped.');
}
process.exit(results.every(Boolean) ? 0 : 1);
