#!/usr/bin/env node
// `npm run test:e2e` after the build: first the version-skew contract on the real builds (cheap; it
// needs the builds, which do not exist yet when `npm run test:scripts` runs), then the journeys in one
// worker (one browser at a time). Both print the summary lines CI counts (node's "# pass", jest's "Tests:").
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const skew = spawnSync(
  process.execPath,
  ['--test', '--test-reporter=tap', path.join(__dirname, '..', 'scripts', 'federation-builds.check.js')],
  { stdio: 'inherit' },
);
if (skew.status !== 0) {
  // A remote that does not fit the shell would be refused by the deploy the journeys start with.
  console.error('A built remote does not fit the built shell (scripts/federation-builds.check.js); the journeys were not run.');
  process.exit(skew.status ?? 1);
}

// The byte budgets (ADR 0008) on the same build, for a full run (not when one journey is named). A
// budget overrun fails the run, but the journeys still run: they say whether the product works.
const budgets =
  process.argv.length > 2
    ? { status: 0 }
    : spawnSync(process.execPath, ['--test', '--test-reporter=tap', path.join(__dirname, '..', 'scripts', 'byte-budgets.check.js')], {
        stdio: 'inherit',
      });
if (budgets.status !== 0) console.error('A byte budget is exceeded (scripts/byte-budgets.check.js).');

const jestBin = require.resolve('jest/bin/jest');
const result = spawnSync(process.execPath, [jestBin, '-c', path.join(__dirname, 'jest.config.js'), '--runInBand', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status || budgets.status || 0);
