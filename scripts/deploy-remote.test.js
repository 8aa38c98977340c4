// node --test scripts/deploy-remote.test.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { deployRemote } = require('./deploy-remote');

function makeRemote(root, { name = 'mfe-demo', federationName = 'mfe_demo', version = '1.2.3', body = 'one' } = {}) {
  const packageDir = path.join(root, name);
  fs.mkdirSync(path.join(packageDir, 'dist', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name, version }));
  fs.writeFileSync(path.join(packageDir, 'dist', 'mf-manifest.json'), JSON.stringify({ name: federationName }));
  fs.writeFileSync(path.join(packageDir, 'dist', 'remoteEntry.js'), `var ${federationName};`);
  fs.writeFileSync(path.join(packageDir, 'dist', 'chunks', 'section.js'), body);
  return packageDir;
}

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-deploy-'));
}

test('copies dist into a versioned folder and points remotes.json at its manifest', () => {
  const root = tempDir();
  const packageDir = makeRemote(root);
  const siteDir = path.join(root, 'site');
  const result = deployRemote({ packageName: 'mfe-demo', packageDir, siteDir });

  assert.match(result.version, /^1\.2\.3-[0-9a-f]{8}$/);
  const folder = path.join(siteDir, 'remotes', 'mfe-demo', result.version);
  assert.equal(fs.readFileSync(path.join(folder, 'chunks', 'section.js'), 'utf8'), 'one');
  assert.ok(fs.existsSync(path.join(folder, 'remoteEntry.js')));
  const remotes = JSON.parse(fs.readFileSync(path.join(siteDir, 'remotes.json'), 'utf8'));
  assert.deepEqual(remotes, { mfe_demo: `/remotes/mfe-demo/${result.version}/mf-manifest.json` });
  assert.deepEqual(
    fs.readdirSync(siteDir).filter((entry) => entry.endsWith('.tmp')),
    [],
    'no temp file is left behind',
  );
});

test('a changed build gets a new folder, the old one stays, other entries are kept', () => {
  const root = tempDir();
  const siteDir = path.join(root, 'site');
  fs.mkdirSync(siteDir);
  fs.writeFileSync(path.join(siteDir, 'remotes.json'), JSON.stringify({ mfe_other: '/remotes/mfe-other/0.1.0-aaaaaaaa/mf-manifest.json' }));

  const packageDir = makeRemote(root, { body: 'one' });
  const first = deployRemote({ packageName: 'mfe-demo', packageDir, siteDir });
  const again = deployRemote({ packageName: 'mfe-demo', packageDir, siteDir });
  assert.equal(again.version, first.version, 'same files, same version');
  assert.equal(again.copied, false);

  fs.writeFileSync(path.join(packageDir, 'dist', 'chunks', 'section.js'), 'two');
  const second = deployRemote({ packageName: 'mfe-demo', packageDir, siteDir });
  assert.notEqual(second.version, first.version);
  assert.ok(fs.existsSync(path.join(siteDir, 'remotes', 'mfe-demo', first.version, 'mf-manifest.json')));
  assert.equal(fs.readFileSync(path.join(second.folder, 'chunks', 'section.js'), 'utf8'), 'two');

  const remotes = JSON.parse(fs.readFileSync(path.join(siteDir, 'remotes.json'), 'utf8'));
  assert.deepEqual(remotes, {
    mfe_other: '/remotes/mfe-other/0.1.0-aaaaaaaa/mf-manifest.json',
    mfe_demo: `/remotes/mfe-demo/${second.version}/mf-manifest.json`,
  });
});

test('replaces remotes.json by rename, never by rewriting the file in place', () => {
  const root = tempDir();
  const siteDir = path.join(root, 'site');
  fs.mkdirSync(siteDir);
  const remotesFile = path.join(siteDir, 'remotes.json');
  fs.writeFileSync(remotesFile, '{}');
  const inodeBefore = fs.statSync(remotesFile).ino;
  deployRemote({ packageName: 'mfe-demo', packageDir: makeRemote(root), siteDir });
  assert.notEqual(fs.statSync(remotesFile).ino, inodeBefore);
});

test('refuses a remote that was not built', () => {
  const root = tempDir();
  const packageDir = makeRemote(root);
  fs.rmSync(path.join(packageDir, 'dist'), { recursive: true });
  assert.throws(() => deployRemote({ packageName: 'mfe-demo', packageDir, siteDir: path.join(root, 'site') }), /build it first: npm run build -w mfe-demo/);
});

test('the command line prints its usage without a package', () => {
  let stderr = '';
  try {
    execFileSync(process.execPath, [path.join(__dirname, 'deploy-remote.js')], { stdio: 'pipe' });
  } catch (error) {
    stderr = String(error.stderr);
    assert.equal(error.status, 2);
  }
  assert.match(stderr, /usage: node scripts\/deploy-remote.js <package> \[siteDir=site\]/);
});
