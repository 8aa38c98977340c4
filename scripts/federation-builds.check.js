// The version-skew contract on the real builds: every remote's dist/mf-manifest.json against
// shell/dist (the modules the shell loads, and the shared singletons' versions both sides require).
// Run after `npm run build`: e2e/run.js runs it before the browser journeys, so `npm run test:e2e`
// fails on a violation. Not named *.test.js on purpose: `npm run test:scripts` runs before the build,
// where these files do not exist yet (the rules themselves are tested in federation-contract.test.js).
//   node --test --test-reporter=tap scripts/federation-builds.check.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { describeProblems, federationProblems, readShell, MANIFEST_FILE, REMOTE_MODULES_FILE } = require('./lib/federationContract');
const { REMOTES } = require('./lib/apps');

// FEDERATION_BUILD_ROOT: another tree of built packages (the test of this check uses a made-up one).
const repoRoot = process.env.FEDERATION_BUILD_ROOT || path.resolve(__dirname, '..');
const shellDist = path.join(repoRoot, 'shell', 'dist');
const shell = readShell(shellDist);

test('the shell is built', () => {
  assert.ok(shell, `${shellDist} has no ${MANIFEST_FILE} and ${REMOTE_MODULES_FILE}: run npm run build first`);
});

for (const packageName of REMOTES) {
  test(`${packageName} fits the built shell`, () => {
    assert.ok(shell, 'shell/dist is not built');
    const manifestFile = path.join(repoRoot, packageName, 'dist', MANIFEST_FILE);
    assert.ok(fs.existsSync(manifestFile), `${manifestFile} is missing: run npm run build first`);
    const remote = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const problems = federationProblems({ shell: shell.manifest, remoteModules: shell.remoteModules, remote });
    assert.deepEqual(problems, [], describeProblems(packageName, shellDist, problems));
  });
}
