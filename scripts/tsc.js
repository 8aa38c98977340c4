#!/usr/bin/env node
// `tsc` for every package: TypeScript 7, the native compiler (about 45 s for every package against
// 4 minutes with the JavaScript one). It is installed as `typescript-native` beside `typescript@6`,
// which the tools needing TypeScript's JavaScript API keep (typescript-eslint, react-docgen); both
// ship a `tsc` bin, and which one npm links to node_modules/.bin is not ours to choose, so the
// packages call this script instead. Arguments go to tsc unchanged.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const { status, signal } = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? (signal ? 1 : 0));
