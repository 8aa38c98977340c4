#!/usr/bin/env node
// `npm run test:e2e` after the build: first the version-skew contract on the real builds (cheap; it
// needs the builds, which do not exist yet when `npm run test:scripts` runs), then the journeys in two
// workers (two browsers, each on its own product) beside the byte budgets. All print the summary lines CI counts
// (node's "# pass", jest's "Tests:").
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const skew = spawnSync(process.execPath, ['--test', '--test-reporter=tap', path.join(__dirname, '..', 'scripts', 'federation-builds.check.js')], {
  stdio: 'inherit',
});
if (skew.status !== 0) {
  // A remote that does not fit the shell would be refused by the deploy the journeys start with.
  console.error('A built remote does not fit the built shell (scripts/federation-builds.check.js); the journeys were not run.');
  process.exit(skew.status ?? 1);
}

// The byte budgets (ADR 0008) on the same build, for a full run (not when one journey is named),
// measured beside the journeys (each is one browser; together they keep two cores busy). A budget
// overrun fails the run, but the journeys still run: they say whether the product works. Each
// prints its output whole when it ends, so the two never interleave.
function runNode(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

async function main() {
  const jestBin = require.resolve('jest/bin/jest');
  const [budgets, journeys] = await Promise.all([
    process.argv.length > 2 ? 0 : runNode(['--test', '--test-reporter=tap', path.join(__dirname, '..', 'scripts', 'byte-budgets.check.js')]),
    runNode([jestBin, '-c', path.join(__dirname, 'jest.config.js'), ...process.argv.slice(2)]),
  ]);
  if (budgets !== 0) console.error('A byte budget is exceeded (scripts/byte-budgets.check.js).');
  // Not process.exit(): the output written to a pipe is sent after this returns (exit() cuts it).
  process.exitCode = journeys || budgets;
}

main();
