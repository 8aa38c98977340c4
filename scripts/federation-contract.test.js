// node --test scripts/federation-contract.test.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { federationProblems } = require('./lib/federationContract');
const { deployRemote } = require('./deploy-remote');
const { REMOTES } = require('./lib/apps');

const repoRoot = path.resolve(__dirname, '..');

const shared = (name, version, requiredVersion = `^${version}`, singleton = true) => ({ id: `x:${name}`, name, version, singleton, requiredVersion });

const SHELL = {
  name: 'shell',
  exposes: [],
  shared: [shared('react', '19.2.0'), shared('react-dom', '19.2.0'), shared('@caucus/design-system', '0.1.0')],
};
const REMOTE_MODULES = { mfe_events: ['./Section', './CalendarWidget'] };

function eventsRemote({ exposes = ['Section', 'CalendarWidget'], react = '19.2.0', designSystem = '0.1.0', ...overrides } = {}) {
  return {
    name: 'mfe_events',
    exposes: exposes.map((name) => ({ id: `mfe_events:${name}`, name, path: `./${name}` })),
    shared: [shared('react', react), shared('react-dom', react), shared('@caucus/design-system', designSystem)],
    ...overrides,
  };
}

test('a remote built against the shared versions the shell requires fits', () => {
  assert.deepEqual(federationProblems({ shell: SHELL, remoteModules: REMOTE_MODULES, remote: eventsRemote() }), []);
});

test('a missing exposed module the shell loads is a problem', () => {
  const problems = federationProblems({ shell: SHELL, remoteModules: REMOTE_MODULES, remote: eventsRemote({ exposes: ['Section'] }) });
  assert.deepEqual(problems, ['mfe_events does not expose ./CalendarWidget, which the shell loads']);
});

test('another React major is refused in both directions', () => {
  const older = federationProblems({ shell: SHELL, remoteModules: REMOTE_MODULES, remote: eventsRemote({ react: '18.3.1' }) });
  assert.ok(older.includes('mfe_events was built with react 18.3.1; the shell requires ^19.2.0'), older.join('\n'));
  assert.ok(older.includes('mfe_events requires react ^18.3.1; the shell provides 19.2.0'), older.join('\n'));

  const newer = federationProblems({ shell: SHELL, remoteModules: REMOTE_MODULES, remote: eventsRemote({ react: '20.0.0' }) });
  assert.ok(newer.includes('mfe_events was built with react-dom 20.0.0; the shell requires ^19.2.0'), newer.join('\n'));
});

test('another design-system release line is refused (0.x: the minor is the breaking part)', () => {
  const problems = federationProblems({ shell: SHELL, remoteModules: REMOTE_MODULES, remote: eventsRemote({ designSystem: '0.2.0' }) });
  assert.ok(problems.includes('mfe_events was built with @caucus/design-system 0.2.0; the shell requires ^0.1.0'), problems.join('\n'));
});

test('a singleton shared as a plain dependency is refused (two copies in the page)', () => {
  const remote = eventsRemote();
  remote.shared[0] = shared('react', '19.2.0', '^19.2.0', false);
  const problems = federationProblems({ shell: SHELL, remoteModules: REMOTE_MODULES, remote });
  assert.deepEqual(problems, ['mfe_events shares react without singleton: true, so the page would hold two copies']);
});

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

function siteWithShell() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-skew-'));
  const siteDir = path.join(root, 'site');
  writeJson(path.join(siteDir, 'mf-manifest.json'), SHELL);
  writeJson(path.join(siteDir, 'remote-modules.json'), REMOTE_MODULES);
  writeJson(path.join(siteDir, 'remotes.json'), { mfe_events: '/remotes/mfe-events/0.1.0-aaaaaaaa/mf-manifest.json' });
  return { root, siteDir };
}

function builtRemote(root, manifest) {
  const packageDir = path.join(root, 'mfe-events');
  writeJson(path.join(packageDir, 'package.json'), { name: 'mfe-events', version: '0.1.0' });
  writeJson(path.join(packageDir, 'dist', 'mf-manifest.json'), manifest);
  fs.writeFileSync(path.join(packageDir, 'dist', 'remoteEntry.js'), 'var mfe_events;');
  return packageDir;
}

test('deploy refuses a remote built against another React major, with a clear message, and changes nothing', () => {
  const { root, siteDir } = siteWithShell();
  const packageDir = builtRemote(root, eventsRemote({ react: '18.3.1' }));
  const remotesBefore = fs.readFileSync(path.join(siteDir, 'remotes.json'), 'utf8');

  assert.throws(
    () => deployRemote({ packageName: 'mfe-events', packageDir, siteDir }),
    (error) => {
      assert.match(error.message, /^mfe-events does not fit the shell in .*site:/);
      assert.match(error.message, /mfe_events was built with react 18\.3\.1; the shell requires \^19\.2\.0/);
      assert.match(error.message, /Rebuild the remote/);
      return true;
    },
  );
  assert.equal(fs.readFileSync(path.join(siteDir, 'remotes.json'), 'utf8'), remotesBefore);
  assert.equal(fs.existsSync(path.join(siteDir, 'remotes', 'mfe-events')), false, 'nothing copied');
});

test('deploy refuses a remote that lost a module the shell loads, and accepts a fitting one', () => {
  const { root, siteDir } = siteWithShell();
  const broken = builtRemote(root, eventsRemote({ exposes: ['Section'] }));
  assert.throws(() => deployRemote({ packageName: 'mfe-events', packageDir: broken, siteDir }), /does not expose \.\/CalendarWidget/);

  const fitting = builtRemote(root, eventsRemote());
  const result = deployRemote({ packageName: 'mfe-events', packageDir: fitting, siteDir });
  assert.equal(JSON.parse(fs.readFileSync(path.join(siteDir, 'remotes.json'), 'utf8')).mfe_events, result.manifestUrl);
});

test('the shell declares every deployable remote it loads', () => {
  const declared = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell/src/federation/remoteModules.json'), 'utf8'));
  const federationNames = REMOTES.map((name) => name.replace(/-/g, '_'));
  assert.deepEqual(Object.keys(declared).sort(), federationNames.sort());
});

// The real builds are checked by federation-builds.check.js, which e2e/run.js runs after `npm run
// build`; here it runs on made-up builds, to prove it fails the run on a violation.
const checkFile = path.join(__dirname, 'federation-builds.check.js');

function builtTree({ events = eventsRemote(), withShell = true } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-builds-'));
  if (withShell) {
    writeJson(path.join(root, 'shell', 'dist', 'mf-manifest.json'), SHELL);
    writeJson(path.join(root, 'shell', 'dist', 'remote-modules.json'), REMOTE_MODULES);
  }
  for (const packageName of REMOTES) {
    const name = packageName.replace(/-/g, '_');
    const manifest = name === 'mfe_events' ? events : { ...eventsRemote(), name, exposes: [{ id: `${name}:Section`, name: 'Section', path: './Section' }] };
    writeJson(path.join(root, packageName, 'dist', 'mf-manifest.json'), manifest);
  }
  return root;
}

function runCheck(root) {
  // NODE_TEST_CONTEXT would make the child report to this runner instead of printing TAP.
  const { NODE_TEST_CONTEXT: _parent, ...env } = process.env;
  return spawnSync(process.execPath, ['--test', '--test-reporter=tap', checkFile], {
    env: { ...env, FEDERATION_BUILD_ROOT: root },
    encoding: 'utf8',
  });
}

test('the check of the real builds passes when every remote fits, printing the counts CI sums', () => {
  const run = runCheck(builtTree());
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, new RegExp(`^# pass ${REMOTES.length + 1}$`, 'm'));
  assert.match(run.stdout, /^# fail 0$/m);
});

test('the check of the real builds fails the run on a skewed remote, and on a missing build', () => {
  const skewed = runCheck(builtTree({ events: eventsRemote({ react: '18.3.1' }) }));
  assert.equal(skewed.status, 1);
  assert.match(skewed.stdout, /^# fail 1$/m);
  assert.match(skewed.stdout, /mfe_events was built with react 18\.3\.1; the shell requires \^19\.2\.0/);

  const unbuilt = runCheck(builtTree({ withShell: false }));
  assert.equal(unbuilt.status, 1);
  assert.match(unbuilt.stdout, new RegExp(`^# fail ${REMOTES.length + 1}$`, 'm'));
  assert.match(unbuilt.stdout, /run npm run build first/);
});
