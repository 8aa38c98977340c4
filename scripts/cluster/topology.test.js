// The cluster's generated configuration, checked without starting anything (`npm run test:scripts`);
// `npm run test:cluster` runs the topology itself.
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { nodeConfig } = require('./galera');
const { haproxyConfig, topologyPorts } = require('./topology');

const haproxyPresent = (() => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

for (const writes of ['one', 'every']) {
  test(`haproxy accepts the generated configuration (writes: ${writes})`, { skip: !haproxyPresent && 'haproxy is not installed' }, () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-haproxy-')), 'haproxy.cfg');
    fs.writeFileSync(
      file,
      haproxyConfig({
        ports: topologyPorts(3360, 2),
        checkScript: path.join(__dirname, 'galera-check.sh'),
        statsSocket: path.join(os.tmpdir(), 'caucus-haproxy.sock'),
        writes,
      }),
    );
    execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: 'pipe' });
  });
}

test('every client writes through node 1 first, then fails over to the same next node', () => {
  const config = haproxyConfig({ ports: topologyPorts(3360, 2), checkScript: '/x' });
  for (const block of config.split('listen ').slice(1)) {
    const servers = block.split('\n').filter((line) => line.trim().startsWith('server '));
    assert.deepEqual(
      servers.map((line) => line.trim().split(' ')[1] + (line.includes(' backup') ? ' backup' : '')),
      ['node1', 'node2 backup', 'node3 backup'],
    );
  }
});

test('with one write node, one set of health checks decides for every client: their ports are bound in one section', () => {
  const ports = topologyPorts(3360, 2);
  const config = haproxyConfig({ ports, checkScript: '/x' });
  const sections = config.split('listen ').slice(1);
  assert.equal(sections.length, 1);
  assert.deepEqual(
    sections[0]
      .split('\n')
      .filter((line) => line.trim().startsWith('bind '))
      .map((line) => line.trim()),
    ports.db.map((port) => `bind 127.0.0.1:${port}`),
  );
  // Each client on its own node: a section each.
  assert.equal(haproxyConfig({ ports, checkScript: '/x', writes: 'every' }).split('listen ').length - 1, ports.db.length);
});

test('each Galera node has its own ports, the settings Galera needs, and a donor no client is on', () => {
  const configs = [1, 2, 3].map((i) => nodeConfig({ dir: `/d${i}`, base: 3360, i }));
  for (const setting of ['binlog_format=ROW', 'innodb_autoinc_lock_mode=2', 'wsrep_on=ON', 'wsrep_sync_wait=1', 'default_storage_engine=InnoDB']) {
    for (const config of configs) assert.ok(config.includes(setting), setting);
  }
  assert.deepEqual(
    configs.map((config) => /^port=(\d+)/m.exec(config)[1]),
    ['3361', '3362', '3363'],
  );
  assert.match(configs[0], /wsrep_sst_donor=node3,node2,/);
  // A starting node empties its tmpdir of #sql files: never another node's.
  assert.deepEqual(
    configs.map((config) => /^tmpdir=(.+)$/m.exec(config)[1]),
    ['/d1/tmp', '/d2/tmp', '/d3/tmp'],
  );
});

test("the health check asks on each node's monitoring port, outside the thread pool, and passes only a Synced node", () => {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-check-'));
  // A mysql client that records the port it was given and answers the state the test sets.
  fs.writeFileSync(
    path.join(bin, 'mysql'),
    `#!/bin/sh\nfor a in "$@"; do case "$a" in -P*) echo "\${a#-P}" > "${bin}/port";; esac; done\nprintf 'wsrep_local_state\\t%s\\n' "$STATE"\n`,
    { mode: 0o755 },
  );
  const check = (state, serverPort) => {
    try {
      execFileSync('sh', [path.join(__dirname, 'galera-check.sh'), '127.0.0.1', '3371', '127.0.0.1', String(serverPort)], {
        env: { PATH: `${bin}:/usr/bin:/bin`, STATE: state },
      });
      return true;
    } catch {
      return false;
    }
  };
  for (const i of [1, 2, 3]) {
    const config = nodeConfig({ dir: `/d${i}`, base: 3360, i });
    const clientPort = Number(/^port=(\d+)/m.exec(config)[1]);
    assert.match(config, /^thread_handling=pool-of-threads$/m);
    assert.equal(check('4', clientPort), true);
    assert.equal(fs.readFileSync(path.join(bin, 'port'), 'utf8').trim(), /^extra_port=(\d+)$/m.exec(config)[1]);
  }
  // Joiner, Donor/Desynced, Joined: not yet.
  for (const state of ['1', '2', '3']) assert.equal(check(state, 3361), false);
  fs.rmSync(bin, { recursive: true, force: true });
});
