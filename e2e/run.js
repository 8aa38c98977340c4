#!/usr/bin/env node
// `npm run test:e2e` after the build: runs the journeys in one worker (one browser at a time).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const jestBin = require.resolve('jest/bin/jest');
const result = spawnSync(process.execPath, [jestBin, '-c', path.join(__dirname, 'jest.config.js'), '--runInBand', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
